import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronRight,
  IconDownload,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { notifyError } from '../../../lib/notify.ts';
import { moveId } from './ordering.ts';

export interface ColumnItem {
  id: number;
  name: string;
  /** Shown dimmed after the name: "3 chapters". */
  detail?: string;
}

/** The message of a refused name: the field's own detail, else the server's message. */
const nameError = (error: unknown) =>
  error instanceof ApiError
    ? (error.details.find((d) => /name|number/.test(d.path))?.message ?? error.message)
    : errorMessage(error);

/**
 * One column of the drill-down: its items in order, the selected one
 * highlighted; when editable, inline add (type and press Enter), inline
 * rename, move up/down, delete (the page asks first) and download.
 */
export function MasterColumn({
  title,
  noun,
  items,
  loading,
  error,
  waitingFor,
  selectedId,
  onSelect,
  onAdd,
  onRename,
  onDelete,
  onReorder,
  onDownload,
}: {
  title: string;
  noun: string;
  items: ColumnItem[] | undefined;
  loading: boolean;
  error: unknown;
  /** Set when the parent is not chosen yet: "Choose a grade". */
  waitingFor?: string | undefined;
  selectedId?: number | undefined;
  onSelect?: (id: number) => void;
  onAdd?: (name: string) => Promise<unknown>;
  onRename?: (item: ColumnItem, name: string) => Promise<unknown>;
  onDelete?: (item: ColumnItem) => void;
  onReorder?: (ids: number[]) => Promise<unknown>;
  onDownload?: () => Promise<void>;
}) {
  const [draft, setDraft] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ id: number; name: string; error?: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const name = draft.trim();
    if (!name || !onAdd) return;
    setAdding(true);
    try {
      await onAdd(name);
      setDraft('');
      setAddError(null);
    } catch (e) {
      setAddError(nameError(e));
    } finally {
      setAdding(false);
    }
  };

  const rename = async (item: ColumnItem) => {
    if (!renaming || !onRename) return;
    const name = renaming.name.trim();
    if (!name || name === item.name) return setRenaming(null);
    setBusy(true);
    try {
      await onRename(item, name);
      setRenaming(null);
    } catch (e) {
      setRenaming({ ...renaming, error: nameError(e) });
    } finally {
      setBusy(false);
    }
  };

  const move = async (item: ColumnItem, delta: number) => {
    const ids = moveId(items?.map((i) => i.id) ?? [], item.id, delta);
    if (!ids || !onReorder) return;
    setBusy(true);
    try {
      await onReorder(ids);
    } catch (e) {
      notifyError(e, `Could not move ${item.name}`);
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!onDownload) return;
    try {
      await onDownload();
    } catch (e) {
      notifyError(e, 'Could not download');
    }
  };

  const renameKeys = (item: ColumnItem) => (e: KeyboardEvent) => {
    if (e.key === 'Enter') void rename(item);
    if (e.key === 'Escape') setRenaming(null);
  };

  return (
    <Paper withBorder radius="md" p="sm" miw={0} component="section" aria-label={title}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="md">
            {title}
          </Title>
          {onDownload && !waitingFor && (
            <Tooltip label={`Download ${title.toLowerCase()} (XLSX)`}>
              <ActionIcon
                variant="subtle"
                aria-label={`Download ${title.toLowerCase()}`}
                onClick={download}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {waitingFor ? (
          <Text c="dimmed" fz="sm">
            {waitingFor}
          </Text>
        ) : error ? (
          <Alert color="red" title={`Could not load the ${title.toLowerCase()}`}>
            {errorMessage(error)}
          </Alert>
        ) : loading ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={`Loading ${title.toLowerCase()}`} />
          </Group>
        ) : (
          <ScrollArea.Autosize mah="60vh" type="auto">
            <Stack gap={2} role="list" aria-label={title}>
              {items?.length === 0 && (
                <Text c="dimmed" fz="sm" py="xs">
                  No {title.toLowerCase()} yet.
                </Text>
              )}
              {items?.map((item, index) =>
                renaming?.id === item.id ? (
                  <TextInput
                    key={item.id}
                    role="listitem"
                    size="xs"
                    autoFocus
                    aria-label={`New name for ${item.name}`}
                    value={renaming.name}
                    error={renaming.error}
                    disabled={busy}
                    onChange={(e) => setRenaming({ id: item.id, name: e.currentTarget.value })}
                    onKeyDown={renameKeys(item)}
                    onBlur={() => !busy && setRenaming(null)}
                  />
                ) : (
                  <Group
                    key={item.id}
                    role="listitem"
                    gap={4}
                    wrap="nowrap"
                    data-testid={`${noun}-row-${item.id}`}
                    bg={item.id === selectedId ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ borderRadius: 'var(--mantine-radius-sm)' }}
                  >
                    <UnstyledButton
                      flex={1}
                      miw={0}
                      px="xs"
                      py={6}
                      aria-current={item.id === selectedId ? 'true' : undefined}
                      onClick={() => onSelect?.(item.id)}
                      disabled={!onSelect}
                    >
                      <Group gap={6} wrap="nowrap">
                        <Text fz="sm" truncate="end" flex={1}>
                          {item.name}
                        </Text>
                        {item.detail && (
                          <Badge variant="light" color="gray" size="sm">
                            {item.detail}
                          </Badge>
                        )}
                        {onSelect && <IconChevronRight size={14} />}
                      </Group>
                    </UnstyledButton>
                    {onReorder && (
                      <>
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="gray"
                          aria-label={`Move ${item.name} up`}
                          disabled={busy || index === 0}
                          onClick={() => move(item, -1)}
                        >
                          <IconArrowUp size={14} />
                        </ActionIcon>
                        <ActionIcon
                          size="sm"
                          variant="subtle"
                          color="gray"
                          aria-label={`Move ${item.name} down`}
                          disabled={busy || index === (items?.length ?? 0) - 1}
                          onClick={() => move(item, 1)}
                        >
                          <IconArrowDown size={14} />
                        </ActionIcon>
                      </>
                    )}
                    {onRename && (
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={`Rename ${item.name}`}
                        onClick={() => setRenaming({ id: item.id, name: item.name })}
                      >
                        <IconPencil size={14} />
                      </ActionIcon>
                    )}
                    {onDelete && (
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${item.name}`}
                        onClick={() => onDelete(item)}
                      >
                        <IconTrash size={14} />
                      </ActionIcon>
                    )}
                  </Group>
                ),
              )}
            </Stack>
          </ScrollArea.Autosize>
        )}
        {onAdd && !waitingFor && !error && (
          <Group gap={4} wrap="nowrap" align="flex-start">
            <TextInput
              flex={1}
              size="xs"
              aria-label={`New ${noun}`}
              placeholder={`Add a ${noun} and press Enter`}
              value={draft}
              error={addError}
              disabled={adding}
              onChange={(e) => {
                setDraft(e.currentTarget.value);
                setAddError(null);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter') void add();
              }}
            />
            <Button size="xs" variant="light" onClick={add} loading={adding}>
              Add
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
