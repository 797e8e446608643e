import type { Book } from '@bo/contract';
import {
  Button,
  Center,
  FileButton,
  Group,
  Image,
  Paper,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useRemoveCover, useUploadCover } from '../api/book-cover.ts';

const WIDTH = 120;
const HEIGHT = 160;

/** The book page's cover: the image (or a placeholder), upload/replace with progress, remove after asking. */
export function BookCover({ book }: { book: Book }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const upload = useUploadCover(book.id, setProgress);
  const remove = useRemoveCover(book.id);

  const onFile = async (file: File | null) => {
    if (!file) return;
    try {
      await upload.mutateAsync(file);
      notifySuccess(book.coverUrl ? 'The cover was replaced.' : 'The cover was uploaded.');
    } catch (error) {
      notifyError(error, 'Could not upload the cover');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack gap={6} w={WIDTH} data-testid="book-cover">
      <Paper withBorder radius="sm" w={WIDTH} h={HEIGHT} style={{ overflow: 'hidden' }}>
        {book.coverUrl ? (
          <Image
            src={book.coverUrl}
            alt={`Cover of ${book.title}`}
            w={WIDTH}
            h={HEIGHT}
            fit="cover"
          />
        ) : (
          <Center h="100%" c="dimmed">
            <Stack gap={4} align="center">
              <IconPhoto size={32} stroke={1.5} aria-hidden />
              <Text fz="xs">No cover</Text>
            </Stack>
          </Center>
        )}
      </Paper>
      {progress !== null && (
        <Progress value={progress * 100} size="sm" animated aria-label="Cover upload progress" />
      )}
      <Group gap={4} wrap="nowrap">
        <FileButton onChange={onFile} accept="image/png,image/jpeg,image/webp">
          {(props) => (
            <Button
              {...props}
              size="compact-xs"
              variant="default"
              leftSection={<IconUpload size={12} />}
              loading={upload.isPending}
              // Under the placeholder the short word says it all; readers hear the whole name.
              aria-label={book.coverUrl ? 'Replace cover' : 'Upload cover'}
              fullWidth={!book.coverUrl}
            >
              {book.coverUrl ? 'Replace' : 'Upload'}
            </Button>
          )}
        </FileButton>
        {book.coverUrl && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label="Remove cover"
            onClick={() => setConfirming(true)}
          >
            <IconTrash size={12} />
          </Button>
        )}
      </Group>
      {confirming && (
        <ConfirmModal
          title="Remove the cover?"
          confirmLabel="Remove cover"
          loading={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(undefined);
              notifySuccess('The cover was removed.');
              setConfirming(false);
            } catch (error) {
              notifyError(error, 'Could not remove the cover');
            }
          }}
        >
          The cover image of “{book.title}” is deleted. The book itself is not changed.
        </ConfirmModal>
      )}
    </Stack>
  );
}
