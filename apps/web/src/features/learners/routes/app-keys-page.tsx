import type { LearnerAppKey } from '@bo/contract';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAppKeys, useCreateAppKey, useRevokeAppKey } from '../api/app-keys.ts';

/** /learner-app: the keys the learner app sends its events with (super admins). */
export function AppKeysPage() {
  const keys = useAppKeys();
  const create = useCreateAppKey();
  const revoke = useRevokeAppKey();
  const [name, setName] = useState('');
  const [shown, setShown] = useState<{ key: string; learnerTokenSecret: string } | null>(null);
  const [revoking, setRevoking] = useState<LearnerAppKey | null>(null);
  const make = async () => {
    try {
      const out = await create.mutateAsync({ name });
      setShown({ key: out.key, learnerTokenSecret: out.learnerTokenSecret });
      setName('');
    } catch (error) {
      notifyError(error, 'Could not create the key');
    }
  };
  return (
    <>
      <PageHeader
        title="Learner app"
        description="Keys your learner backend calls this server with (in the x-learner-app-key header). A key is shown once, when made."
      />
      <Alert color="yellow" title="A server-to-server credential" mb="md">
        A key speaks for every learner: whoever holds it can read a learner's inbox and pop-ups,
        move their notifications to another device and change their e-mail. Keep it on your learner
        backend only; never ship it inside an app. With LEARNER_TOKEN_REQUIRED set, the learner
        routes also need a short-lived token for that very learner, signed by your backend with the
        key's learner-token secret (shown beside the key when it is made).
      </Alert>
      <Group align="flex-end" mb="md">
        <TextInput
          label="New key's name"
          placeholder="e.g. Android app, production"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          w={320}
        />
        <Button
          leftSection={<IconKey size={16} />}
          disabled={!name.trim()}
          loading={create.isPending}
          onClick={make}
        >
          Create key
        </Button>
      </Group>
      {keys.isError && (
        <Alert color="red" title="Could not load the keys">
          {errorMessage(keys.error)}
        </Alert>
      )}
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Starts with</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.data?.items.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text fz="sm" c="dimmed" ta="center" py="md">
                  No key yet. Create one for each learner backend that calls this server; it sends
                  the key with every request.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {(keys.data?.items ?? []).map((k) => (
            <Table.Tr key={k.id}>
              <Table.Td>{k.name}</Table.Td>
              <Table.Td ff="monospace">{k.prefix}…</Table.Td>
              <Table.Td>
                {formatDateTime(k.createdAt)} {k.createdByName ? `by ${k.createdByName}` : ''}
              </Table.Td>
              <Table.Td>{formatDateTime(k.lastUsedAt)}</Table.Td>
              <Table.Td>
                {k.revokedAt ? (
                  <Badge color="gray">Revoked</Badge>
                ) : (
                  <Badge color="green">Live</Badge>
                )}
              </Table.Td>
              <Table.Td>
                {!k.revokedAt && (
                  <Button size="xs" variant="light" color="red" onClick={() => setRevoking(k)}>
                    Revoke
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {shown && (
        <Modal opened onClose={() => setShown(null)} title="Your new key">
          <Stack>
            <Text fz="sm">
              Copy both now into your learner backend's configuration: they are not kept and cannot
              be shown again. Never put them inside an app.
            </Text>
            <ShownSecret label="Key" value={shown.key} testId="new-app-key" />
            <ShownSecret
              label="Learner-token secret (HS256)"
              value={shown.learnerTokenSecret}
              testId="new-learner-token-secret"
            />
            <Group justify="flex-end">
              <Button onClick={() => setShown(null)}>Done</Button>
            </Group>
          </Stack>
        </Modal>
      )}
      {revoking && (
        <ConfirmModal
          title="Revoke key?"
          confirmLabel="Revoke"
          loading={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(
              { id: revoking.id },
              {
                onSuccess: () => {
                  notifySuccess(`${revoking.name} is revoked.`);
                  setRevoking(null);
                },
                onError: (error) => notifyError(error, 'Could not revoke the key'),
              },
            )
          }
        >
          The learner app is refused with <b>{revoking.name}</b> from now on.
        </ConfirmModal>
      )}
    </>
  );
}

/** One secret shown once, with its own copy button. */
function ShownSecret({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fz="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="xs" variant="default" onClick={copy} aria-label={`Copy: ${label}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
        {value}
      </Code>
    </Stack>
  );
}
