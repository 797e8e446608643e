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
  const [shown, setShown] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<LearnerAppKey | null>(null);
  const make = async () => {
    try {
      const out = await create.mutateAsync({ name });
      setShown(out.key);
      setName('');
    } catch (error) {
      notifyError(error, 'Could not create the key');
    }
  };
  return (
    <>
      <PageHeader
        title="Learner app"
        description="Keys the learner app sends its events with (in the x-learner-app-key header). A key is shown once, when made."
      />
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
                  No key yet. Create one for each build of the learner app; the app sends it with
                  every batch of events.
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
            <Text fz="sm">Copy it now: it is not kept and cannot be shown again.</Text>
            <Code block data-testid="new-app-key">
              {shown}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={shown}>
                {({ copied, copy }) => (
                  <Button variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
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
