import { Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { uploadPdf, useTocMutation } from '../api/toc-api.ts';

/** Upload a PDF onto the node, with a progress bar; the title defaults to the file name. */
export function TocUploadPdf({ isbn, nodeId }: { isbn: string; nodeId: number }) {
  const [file, setFile] = useState<File | null>(null);
  const [title, setTitle] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useTocMutation(isbn, (f: File) =>
    uploadPdf(nodeId, title.trim() || f.name.replace(/\.pdf$/i, ''), f, setProgress),
  );
  return (
    <Stack gap="xs">
      <Text fw={500} fz="sm">
        Upload a PDF
      </Text>
      {/* The file on its own row: the panel is narrow, and both placeholders must be readable. */}
      <FileInput
        size="xs"
        placeholder="Choose a PDF"
        aria-label="PDF file"
        accept="application/pdf,.pdf"
        value={file}
        onChange={setFile}
        clearable
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          size="xs"
          placeholder="Title (defaults to the file name)"
          aria-label="PDF title"
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button
          size="xs"
          leftSection={<IconUpload size={14} />}
          disabled={!file}
          loading={upload.isPending}
          onClick={async () => {
            if (!file) return;
            try {
              await upload.mutateAsync(file);
              notifySuccess('The PDF was uploaded.');
              setFile(null);
              setTitle('');
            } catch (error) {
              notifyError(error, 'Could not upload the PDF');
            } finally {
              setProgress(null);
            }
          }}
        >
          Upload
        </Button>
      </Group>
      {progress !== null && (
        <Progress value={progress * 100} size="sm" animated aria-label="Upload progress" />
      )}
    </Stack>
  );
}
