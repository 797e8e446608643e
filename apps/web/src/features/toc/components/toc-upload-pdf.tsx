import { uploadContentFields } from '@bo/contract/toc';
import { Button, FileInput, Group, Progress, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUploadPdf } from '../api/upload-pdf.ts';

interface Values {
  file: File | null;
  title: string;
}

const validateTitle = validateWith(uploadContentFields.pick({ title: true }));
const titleOf = (v: Values) => v.title.trim() || (v.file?.name.replace(/\.pdf$/i, '') ?? '');

/**
 * Upload a PDF onto the node, with a progress bar; the title defaults to the
 * file name. Without a file, the file field says "Required".
 */
export function TocUploadPdf({ isbn, nodeId }: { isbn: string; nodeId: number }) {
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<Values>({
    initialValues: { file: null, title: '' },
    validate: (v) => ({
      ...(v.file ? {} : { file: 'Required' }),
      ...(v.title.trim() ? validateTitle({ title: v.title }) : {}),
    }),
    ...liveValidation,
  });
  const upload = useUploadPdf(isbn, nodeId, setProgress);
  const submit = form.onSubmit(async (values) => {
    try {
      await upload.mutateAsync({ title: titleOf(values), file: values.file as File });
      notifySuccess('The PDF was uploaded.');
      form.reset();
    } catch (error) {
      showFormError(form, error);
    } finally {
      setProgress(null);
    }
  }, focusFirstInvalid);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Text fw={500} fz="sm">
          Upload a PDF
        </Text>
        {/* The file on its own row: the panel is narrow, and both placeholders must be readable. */}
        <FileInput
          size="xs"
          placeholder="Choose a PDF"
          // A visible label, not aria-label: the button shows the placeholder or the
          // file's name, and a name without that text fails WCAG 2.5.3.
          label="PDF file"
          accept="application/pdf,.pdf"
          clearable
          {...form.getInputProps('file')}
        />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            size="xs"
            placeholder="Title (defaults to the file name)"
            aria-label="PDF title"
            style={{ flex: 1 }}
            {...form.getInputProps('title')}
          />
          <Button
            type="submit"
            size="xs"
            leftSection={<IconUpload size={14} />}
            loading={upload.isPending}
          >
            Upload
          </Button>
        </Group>
        {progress !== null && (
          <Progress value={progress * 100} size="sm" animated aria-label="Upload progress" />
        )}
      </Stack>
    </form>
  );
}
