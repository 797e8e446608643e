import type { MediaItem, MediaKind, MediaStatus } from '@bo/contract';
import {
  Button,
  FileInput,
  Group,
  Modal,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { TagSelects, type Tags } from '../../../components/tag-selects.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { notifyOutcome } from '../../../lib/notify.ts';
import { addMedia } from '../api/add-media.ts';
import { mediaKeys } from '../api/media-keys.ts';
import { uploadMediaFile } from '../api/upload-media-file.ts';
import { FolderField } from './folder-field.tsx';
import { KIND_LABEL, statusOptions } from './labels.ts';

const ACCEPT = { video: 'video/*', audio: 'audio/*' } as const;
/** Files sent at once: two keep the line busy without starving the rest of the screen. */
const AT_ONCE = 2;

type Row =
  | { state: 'waiting' }
  | { state: 'uploading'; progress: number }
  | { state: 'adding' }
  | { state: 'added'; item: MediaItem }
  | { state: 'failed'; message: string };

/** A file's title: its name without the extension, as the single upload suggests it. */
const titleOf = (f: File) =>
  f.name
    .replace(/\.[^.]+$/, '')
    .trim()
    .slice(0, 300) || f.name;
const sizeLabel = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const NO_TAGS: Tags = { gradeId: null, subjectId: null, chapterId: null, topicId: null };

/**
 * "Upload several": many files at once, each uploaded with its own progress
 * and added as an item titled after its file, with the language, status and
 * tags chosen here; each row ends with its own result, so one refused file
 * (wrong type, too large) never stops the others.
 */
export function UploadManyModal({
  kind,
  folder: openFolder,
  onClose,
}: {
  kind: MediaKind;
  /** The folder open on the page: the files go there unless another is chosen. */
  folder?: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const noun = { one: KIND_LABEL[kind].one, many: KIND_LABEL[kind].many.toLowerCase() };
  const [files, setFiles] = useState<File[]>([]);
  const [rows, setRows] = useState<Row[]>([]);
  const [language, setLanguage] = useState('English');
  const [folder, setFolder] = useState(openFolder ?? '');
  const [status, setStatus] = useState<MediaStatus>('active');
  const [tags, setTags] = useState<Tags>(NO_TAGS);
  const [running, setRunning] = useState(false);
  const started = rows.length > 0;
  const open = useRef(true);
  const set = (i: number, row: Row) => setRows((prev) => prev.map((r, j) => (j === i ? row : r)));

  const one = async (file: File, i: number) => {
    try {
      set(i, { state: 'uploading', progress: 0 });
      const stored = await uploadMediaFile(kind, file, (progress) =>
        set(i, { state: 'uploading', progress }),
      );
      set(i, { state: 'adding' });
      const item = await addMedia({
        kind,
        body: {
          source: 'upload',
          fileKey: stored.key,
          fileName: stored.originalName,
          title: titleOf(file),
          folder,
          language,
          status,
          ...tags,
        },
      });
      set(i, { state: 'added', item });
      return true;
    } catch (e) {
      set(i, { state: 'failed', message: errorMessage(e) });
      return false;
    }
  };

  const start = async () => {
    setRunning(true);
    setRows(files.map(() => ({ state: 'waiting' })));
    let next = 0;
    let added = 0;
    const worker = async () => {
      while (next < files.length && open.current) {
        const i = next++;
        if (await one(files[i]!, i)) added++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(AT_ONCE, files.length) }, worker));
    setRunning(false);
    await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    const failed = files.length - added;
    notifyOutcome(added, {
      done: `${added} ${added === 1 ? noun.one : noun.many} added${failed ? `; ${failed} refused (see the list)` : ''}.`,
      nothing: `No file was added: each one's reason is in the list.`,
    });
  };

  const close = () => {
    // Files not started yet are not sent once the dialog is closed.
    open.current = false;
    onClose();
  };

  return (
    <Modal opened onClose={close} title={`Upload several ${noun.many}`} size="xl">
      <Stack>
        <FileInput
          label="Files"
          description={`Each becomes ${noun.one === 'audio' ? 'an' : 'a'} ${noun.one} titled after its file name.`}
          placeholder="Choose files"
          multiple
          accept={ACCEPT[kind]}
          value={files}
          onChange={setFiles}
          disabled={started}
          clearable
        />
        <FolderField kind={kind} value={folder} onChange={setFolder} disabled={started} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Language"
            value={language}
            onChange={(e) => setLanguage(e.currentTarget.value)}
            disabled={started}
            required
          />
          <Select
            label="Status"
            data={statusOptions}
            allowDeselect={false}
            value={status}
            onChange={(s) => s && setStatus(s as MediaStatus)}
            disabled={started}
          />
          <TagSelects anyLabel="No" withLabels value={tags} onChange={setTags} />
        </SimpleGrid>
        {started && (
          <Table aria-label="Files and their results" verticalSpacing={6}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>File</Table.Th>
                <Table.Th w="45%">Result</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {files.map((f, i) => (
                <Table.Tr key={`${f.name}:${f.size}:${f.lastModified}`}>
                  <Table.Td>
                    <Text fz="sm">{f.name}</Text>
                    <Text fz="xs" c="dimmed">
                      {sizeLabel(f.size)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RowResult row={rows[i] ?? { state: 'waiting' }} name={f.name} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {started && !running ? 'Done' : 'Cancel'}
          </Button>
          {!started && (
            <Button disabled={files.length === 0 || !language.trim()} onClick={() => void start()}>
              Upload {files.length || ''} {files.length === 1 ? 'file' : 'files'}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

function RowResult({ row, name }: { row: Row; name: string }) {
  switch (row.state) {
    case 'waiting':
      return (
        <Text fz="sm" c="dimmed">
          Waiting
        </Text>
      );
    case 'uploading':
      return (
        <Progress
          value={Math.round(row.progress * 100)}
          aria-label={`Upload progress of ${name}`}
          animated
        />
      );
    case 'adding':
      return <Text fz="sm">Saving…</Text>;
    case 'added':
      return (
        <Group gap={6} wrap="nowrap">
          <IconCircleCheck size={16} color="var(--mantine-color-teal-7)" aria-hidden />
          <Text fz="sm">Added as “{row.item.title}”</Text>
        </Group>
      );
    case 'failed':
      return (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconCircleX size={16} color="var(--mantine-color-red-7)" aria-hidden />
          <Text fz="sm" c="red.8">
            {row.message}
          </Text>
        </Group>
      );
  }
}
