import type { AddMediaBody, MediaItem, MediaKind, MediaStatus } from '@bo/contract';
import { addMediaBody, editMediaBody } from '@bo/contract/media';
import {
  Button,
  FileInput,
  Group,
  Modal,
  NumberInput,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { TagSelects, type Tags } from '../../../components/tag-selects.tsx';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useAddMedia } from '../api/add-media.ts';
import { useEditMedia } from '../api/edit-media.ts';
import { useMediaUpload } from '../api/upload-media-file.ts';
import { FolderField } from './folder-field.tsx';
import { KIND_LABEL, statusOptions } from './labels.ts';
import { MediaFileField } from './media-file-field.tsx';

interface Values extends Tags {
  source: 'upload' | 'url';
  /** The uploaded file's key, set once its upload completes. */
  fileKey: string | null;
  url: string;
  durationSeconds: number | string;
  title: string;
  folder: string;
  description: string;
  language: string;
  status: MediaStatus;
}

// The contract's schemas check what the server checks: a missing file or
// URL, title or language says "Required", a bad address says so in words.
const validateAdd = validateWith(addMediaBody);
const validateEdit = validateWith(editMediaBody);

const duration = (v: Values) => (v.durationSeconds === '' ? null : Number(v.durationSeconds));

const commonBody = (v: Values, thumbnailKey: string | undefined) => ({
  title: v.title,
  folder: v.folder,
  description: v.description,
  language: v.language,
  status: v.status,
  gradeId: v.gradeId,
  subjectId: v.subjectId,
  chapterId: v.chapterId,
  topicId: v.topicId,
  ...(thumbnailKey ? { thumbnailKey } : {}),
});

/** The request body a new item's values make: by file key or by URL. */
const addBody = (v: Values, thumbnailKey?: string, fileName?: string) =>
  v.source === 'upload'
    ? {
        source: 'upload' as const,
        fileKey: v.fileKey ?? undefined,
        ...(fileName ? { fileName } : {}),
        ...commonBody(v, thumbnailKey),
      }
    : {
        source: 'url' as const,
        url: v.url,
        durationSeconds: duration(v),
        ...commonBody(v, thumbnailKey),
      };

/**
 * The edit body; the address and duration apply to linked items only, a
 * new file (its content replaced, the id kept) to uploads only.
 */
const editBody = (item: MediaItem, v: Values, thumbnailKey?: string, fileName?: string) => ({
  id: item.id,
  ...commonBody(v, thumbnailKey),
  ...(item.source === 'url' ? { url: v.url, durationSeconds: duration(v) } : {}),
  ...(item.source === 'upload' && v.fileKey
    ? { fileKey: v.fileKey, ...(fileName ? { fileName } : {}) }
    : {}),
});

/** Add a video/audio (upload with progress, or a URL) or edit one (`item` set). */
export function MediaFormModal({
  kind,
  item,
  folder,
  onClose,
}: {
  kind: MediaKind;
  item: MediaItem | null;
  /** A new item's folder at first: the one open on the page. */
  folder?: string;
  onClose: () => void;
}) {
  const add = useAddMedia();
  const edit = useEditMedia();
  const media = useMediaUpload();
  const thumbnail = useMediaUpload();
  const noun = KIND_LABEL[kind].one;
  const form = useForm<Values>({
    initialValues: {
      source: item?.source ?? 'upload',
      fileKey: null,
      url: item?.url ?? '',
      durationSeconds: item?.durationSeconds ?? '',
      title: item?.title ?? '',
      folder: item?.folder ?? folder ?? '',
      description: item?.description ?? '',
      language: item?.language ?? 'English',
      status: item?.status ?? 'active',
      gradeId: item?.gradeId ?? null,
      subjectId: item?.subjectId ?? null,
      chapterId: item?.chapterId ?? null,
      topicId: item?.topicId ?? null,
    },
    validate: (values) =>
      item ? validateEdit(editBody(item, values)) : validateAdd(addBody(values)),
    ...liveValidation,
  });
  const draft = useFormDraft(form, `${kind}:${item?.id ?? 'new'}`, `this ${noun}`);
  const v = form.values;
  const busy = add.isPending || edit.isPending || media.busy || thumbnail.busy;
  const tags = {
    gradeId: v.gradeId,
    subjectId: v.subjectId,
    chapterId: v.chapterId,
    topicId: v.topicId,
  };

  const submit = form.onSubmit((values) => {
    const done = (m: MediaItem) => {
      draft.saved();
      notifySuccess(`"${m.title}" is saved.`);
      onClose();
    };
    const failed = (error: unknown) => showFormError(form, error);
    const thumbnailKey = thumbnail.file?.key;
    if (item) {
      edit.mutate(
        { kind, body: editBody(item, values, thumbnailKey, media.file?.originalName) },
        { onSuccess: done, onError: failed },
      );
      return;
    }
    // Validation passed on these same values, so an upload has its file key.
    const body = addBody(values, thumbnailKey, media.file?.originalName) as AddMediaBody;
    add.mutate({ kind, body }, { onSuccess: done, onError: failed });
  }, focusFirstInvalid);

  return (
    <Modal opened onClose={onClose} title={item ? `Edit ${noun}` : `Add ${noun}`} size="lg">
      {draft.offer}
      <form onSubmit={submit} noValidate>
        <Stack>
          {!item && (
            <SegmentedControl
              data={[
                { value: 'upload', label: 'Upload a file' },
                { value: 'url', label: 'Link a URL' },
              ]}
              {...form.getInputProps('source')}
            />
          )}
          {!item && v.source === 'upload' && (
            <MediaFileField
              kind={kind}
              upload={media}
              onUploaded={(done) => form.setFieldValue('fileKey', done?.key ?? null)}
              onChosen={(f) => {
                if (!form.values.title) form.setFieldValue('title', f.name.replace(/\.[^.]+$/, ''));
              }}
              error={form.errors.fileKey as string | undefined}
            />
          )}
          {item?.source === 'upload' && (
            <MediaFileField
              kind={kind}
              upload={media}
              onUploaded={(done) => form.setFieldValue('fileKey', done?.key ?? null)}
              replacing={{
                name: item.file?.originalName ?? item.title,
                durationSeconds: item.durationSeconds,
              }}
            />
          )}
          {(item ? item.source === 'url' : v.source === 'url') && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="URL"
                placeholder="https://"
                required
                {...form.getInputProps('url')}
              />
              <NumberInput
                label="Duration (seconds)"
                min={0}
                allowDecimal
                {...form.getInputProps('durationSeconds')}
              />
            </SimpleGrid>
          )}
          <TextInput label="Title" required {...form.getInputProps('title')} />
          <FolderField
            kind={kind}
            value={v.folder}
            onChange={(f) => form.setFieldValue('folder', f)}
            error={form.errors.folder}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            {...form.getInputProps('description')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Language" required {...form.getInputProps('language')} />
            <Select
              label="Status"
              data={statusOptions}
              allowDeselect={false}
              {...form.getInputProps('status')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TagSelects anyLabel="No" withLabels value={tags} onChange={(t) => form.setValues(t)} />
          </SimpleGrid>
          {kind === 'video' && (
            <Stack gap={4}>
              <FileInput
                label={item?.thumbnailUrl ? 'Replace thumbnail' : 'Thumbnail (optional)'}
                placeholder="PNG, JPEG or WebP"
                accept="image/png,image/jpeg,image/webp,image/gif"
                onChange={(f) => void thumbnail.start('thumbnail', f)}
                error={thumbnail.error}
                clearable
              />
              {thumbnail.progress !== null && !thumbnail.file && (
                <Progress
                  value={Math.round(thumbnail.progress * 100)}
                  aria-label="Thumbnail upload progress"
                />
              )}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={add.isPending || edit.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {item ? 'Save' : `Add ${noun}`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
