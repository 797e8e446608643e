import type { MediaKind } from '@bo/contract';
import {
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Group,
  Modal,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { IconFolder, IconFolderShare } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMediaFolders } from '../api/list-folders.ts';
import { useMoveFolder } from '../api/move-folder.ts';
import { childrenOf, folderTree, nameOf } from './folders.ts';

/**
 * Above the media list: where the admin is (the library, or a folder and
 * its parents, each a link), the folders right under it with how many items
 * each holds, and "Rename or move" for the folder open. The open folder is
 * the URL's `folder`; the library (no folder) lists every item.
 */
export function FolderBar({
  kind,
  folder,
  onOpen,
}: {
  kind: MediaKind;
  folder: string | undefined;
  onOpen: (folder: string | undefined) => void;
}) {
  const folders = useMediaFolders(kind);
  const [moving, setMoving] = useState(false);
  const tree = folderTree(folders.data?.items ?? []);
  const here = folder ?? '';
  const under = childrenOf(tree, here);
  const parts = here ? here.split('/') : [];
  if (!folder && under.length === 0) return null;
  return (
    <Stack gap={6} mb="sm" data-testid="media-folders">
      <Group gap="sm" justify="space-between">
        <Breadcrumbs component="nav" aria-label="Folder" separatorMargin={6}>
          <Anchor component="button" type="button" fz="sm" onClick={() => onOpen(undefined)}>
            Library
          </Anchor>
          {parts.map((name, i) => {
            const path = parts.slice(0, i + 1).join('/');
            return i === parts.length - 1 ? (
              <Text key={path} fz="sm" fw={600} aria-current="location">
                {name}
              </Text>
            ) : (
              <Anchor
                key={path}
                component="button"
                type="button"
                fz="sm"
                onClick={() => onOpen(path)}
              >
                {name}
              </Anchor>
            );
          })}
        </Breadcrumbs>
        {folder && (
          <Button
            size="xs"
            variant="subtle"
            leftSection={<IconFolderShare size={14} />}
            onClick={() => setMoving(true)}
          >
            Rename or move
          </Button>
        )}
      </Group>
      {under.length > 0 && (
        <Group gap="xs" role="group" aria-label="Folders here">
          {under.map((f) => (
            <Button
              key={f.path}
              size="xs"
              variant="default"
              leftSection={<IconFolder size={14} />}
              rightSection={
                <Badge size="xs" variant="light" color="gray">
                  {f.total}
                  <VisuallyHidden>{f.total === 1 ? ' item' : ' items'}</VisuallyHidden>
                </Badge>
              }
              onClick={() => onOpen(f.path)}
            >
              {nameOf(f.path)}
            </Button>
          ))}
        </Group>
      )}
      {moving && folder && (
        <MoveFolderModal
          kind={kind}
          from={folder}
          onMoved={onOpen}
          onClose={() => setMoving(false)}
        />
      )}
    </Stack>
  );
}

/** "Rename or move": a new path for the folder; what it holds (subfolders too) goes with it. */
function MoveFolderModal({
  kind,
  from,
  onMoved,
  onClose,
}: {
  kind: MediaKind;
  from: string;
  onMoved: (to: string | undefined) => void;
  onClose: () => void;
}) {
  const move = useMoveFolder();
  const [to, setTo] = useState(from);
  const [error, setError] = useState<string | null>(null);
  const save = () =>
    move.mutate(
      { kind, from, to },
      {
        onSuccess: ({ moved }) => {
          notifySuccess(`${moved} ${moved === 1 ? 'item' : 'items'} now in “${to || 'the top'}”.`);
          onMoved(to || undefined);
          onClose();
        },
        onError: (e) => {
          setError(e instanceof Error ? e.message : String(e));
          notifyError(e, 'Could not move the folder');
        },
      },
    );
  return (
    <Modal opened onClose={onClose} title="Rename or move the folder">
      <Stack>
        <Text fz="sm" c="dimmed">
          Everything in “{from}”, its folders too, goes to the new path. Separate folders with “/”;
          a path that exists already is merged with it.
        </Text>
        <TextInput
          label="New path"
          value={to}
          onChange={(e) => {
            setTo(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={move.isPending} disabled={to.trim() === from} onClick={save}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
