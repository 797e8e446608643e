import type { LearnerDetail } from '@bo/contract';
import { platformLabel, resetDeviceBody } from '@bo/contract/learners';
import {
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { recordGate } from '../../../components/record-gate.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePageCrumb } from '../../../lib/page-crumb.ts';
import { recordIdOf } from '../../../lib/record-id.ts';
import { useLearner } from '../api/get-learner.ts';
import { useResetDevice } from '../api/reset-device.ts';
import { ActivityTables } from '../components/activity-tables.tsx';
import { BlockLearners } from '../components/lazy-block-learners.ts';
import { LEARNER_STATUS_COLOR, LEARNER_STATUS_LABEL } from '../components/learners-filters.tsx';
import { NoteModal } from '../components/note-modal.tsx';

type Device = LearnerDetail['devices'][number];

/** /learners/:id: one learner, their devices (with resets) and recent activity. */
export function LearnerPage() {
  const param = useParams().id ?? '';
  const id = recordIdOf(param);
  const learner = useLearner(id);
  const [resetting, setResetting] = useState<Device | null>(null);
  const [blocking, setBlocking] = useState(false);
  const reset = useResetDevice();
  usePageCrumb(learner.data?.learner.name);

  const gate = recordGate(learner, {
    valid: id !== null,
    notFound: { title: 'Learner not found', text: 'No learner has this address.' },
    errorTitle: 'Could not load the learner',
    back: { to: '/learners', label: 'Back to the learners' },
    loading: <Skeleton h={200} />,
  });
  if ('shown' in gate) return gate.shown;
  const { learner: l, devices } = gate.record;
  const facts: [string, string][] = [
    ['E-mail', l.email ?? '—'],
    ['Phone', l.phone ?? '—'],
    ['Grade', l.gradeName ?? '—'],
    ['School', l.school ?? '—'],
    ['City', l.city ?? '—'],
    ['State', l.state ?? '—'],
    ['Registered', formatDateTime(l.registeredAt)],
    ['Last active', formatDateTime(l.lastActiveAt)],
  ];
  return (
    <Stack gap="lg">
      <PageHeader
        title={l.name}
        description={
          <Group gap="xs">
            <StatusBadge color={LEARNER_STATUS_COLOR[l.status]}>
              {LEARNER_STATUS_LABEL[l.status]}
            </StatusBadge>
            {l.blockedHere && (
              <Text fz="sm" c="dimmed">
                Blocked in the back-office: the learner app cannot lift it
              </Text>
            )}
          </Group>
        }
        actions={
          <Button variant="default" onClick={() => setBlocking(true)}>
            {l.status === 'blocked' ? 'Unblock…' : 'Block…'}
          </Button>
        }
      />
      {blocking && (
        <BlockLearners
          selected={[l]}
          matchingCount={null}
          only={l.name}
          initialAction={l.status === 'blocked' ? 'unblock' : 'block'}
          onClose={() => setBlocking(false)}
        />
      )}
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Text fz="xs" c="dimmed">
                {label}
              </Text>
              <Text fz="sm">{value}</Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder component="section" aria-label="Devices">
        <Title order={2} fz="h4" mb="sm">
          Devices
        </Title>
        {devices.length === 0 ? (
          <Text c="dimmed" fz="sm">
            No device bound yet.
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Device</Table.Th>
                <Table.Th>Platform</Table.Th>
                <Table.Th>Bound</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {devices.map((d) => (
                <Table.Tr key={d.id} data-testid={`device-${d.deviceId}`}>
                  <Table.Td ff="monospace">{d.deviceId}</Table.Td>
                  <Table.Td>{platformLabel(d.platform)}</Table.Td>
                  <Table.Td>{formatDateTime(d.boundAt)}</Table.Td>
                  <Table.Td>
                    {d.resetAt
                      ? `Reset ${formatDateTime(d.resetAt)} by ${d.resetByName ?? 'an admin'}: ${d.resetReason ?? ''}`
                      : 'In use'}
                  </Table.Td>
                  <Table.Td>
                    {!d.resetAt && (
                      <Group justify="flex-end">
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => setResetting(d)}
                        >
                          Reset device
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      <ActivityTables detail={gate.record} />
      {resetting && (
        <NoteModal
          title="Reset device?"
          intro={
            <>
              {l.name} will be signed out on <b>{resetting.deviceId}</b> and may sign in on a new
              device. The reason is kept in the audit log.
            </>
          }
          label="Reason"
          field="reason"
          schema={resetDeviceBody}
          fixed={{ id: l.id, bindingId: resetting.id }}
          confirmLabel="Reset device"
          busy={reset.isPending}
          onClose={() => setResetting(null)}
          onSubmit={async (reason) => {
            await reset.mutateAsync({ id: l.id, bindingId: resetting.id, reason });
            notifySuccess(`${l.name} can now sign in on a new device.`, 'Device reset');
            setResetting(null);
          }}
        />
      )}
    </Stack>
  );
}
