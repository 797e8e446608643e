import type { MediaKind, UploadedMediaFile } from '@bo/contract';
import { FileInput, Progress, Stack, Text } from '@mantine/core';
import type { useMediaUpload } from '../api/upload-media-file.ts';
import { formatDuration, KIND_LABEL } from './labels.ts';

const ACCEPT = { video: 'video/*', audio: 'audio/*' } as const;

/**
 * A media file chosen and uploaded at once, with its progress and what the
 * server read of it: the new item's file, or an item's replacement content
 * (`replacing`: the file it has now, named under the field).
 */
export function MediaFileField({
  kind,
  upload,
  onUploaded,
  onChosen,
  replacing,
  error,
}: {
  kind: MediaKind;
  upload: ReturnType<typeof useMediaUpload>;
  onUploaded: (file: UploadedMediaFile | null) => void;
  onChosen?: (file: File) => void;
  replacing?: { name: string; durationSeconds: number | null };
  error?: string | null;
}) {
  const noun = KIND_LABEL[kind].one;
  return (
    <Stack gap={4}>
      <FileInput
        label={replacing ? 'Replace the file' : `${noun[0]!.toUpperCase()}${noun.slice(1)} file`}
        description={
          replacing
            ? `Now: ${replacing.name} · ${formatDuration(replacing.durationSeconds)}. The ${noun} keeps its place wherever it is used.`
            : undefined
        }
        placeholder={replacing ? 'Choose a new file (optional)' : 'Choose a file'}
        accept={ACCEPT[kind]}
        onChange={(f) => {
          onUploaded(null);
          void upload.start(kind, f).then(onUploaded);
          if (f) onChosen?.(f);
        }}
        required={!replacing}
        clearable={!!replacing}
        data-path="fileKey"
        error={upload.error ?? error}
        disabled={upload.busy}
      />
      {upload.progress !== null && (
        <Progress
          value={Math.round(upload.progress * 100)}
          aria-label="Upload progress"
          color={upload.file ? 'green' : 'blue'}
          animated={!upload.file}
        />
      )}
      {upload.file && (
        <Text fz="xs" c="dimmed">
          Uploaded {upload.file.originalName} · duration{' '}
          {formatDuration(upload.file.durationSeconds)}
          {replacing ? ': saved as this item’s file when you press Save.' : ''}
        </Text>
      )}
    </Stack>
  );
}
