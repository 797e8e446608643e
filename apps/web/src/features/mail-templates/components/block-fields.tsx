import type { MailBlock, MailColumnItem } from '@bo/contract/mail-blocks';
import { Button, FileButton, Group, Image, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import { notifyError } from '../../../lib/notify.ts';
import { useUploadMailerImage } from '../api/upload-image.ts';

/** The editor's form: a template as the contract takes it. */
export interface TemplateValues {
  name: string;
  subject: string;
  format: 'html' | 'blocks';
  html: string;
  blocks: MailBlock[];
}
export type TemplateForm = UseFormReturnType<TemplateValues>;

/** A template's subject and body: the HTML or the blocks, as the format says. */
export type TemplateContent =
  | { subject: string; format: 'html'; html: string }
  | { subject: string; format: 'blocks'; blocks: MailBlock[] };

/** What the server takes: only the body the format names. */
export function contentOf(v: TemplateValues): TemplateContent & { name: string } {
  return v.format === 'blocks'
    ? { name: v.name, subject: v.subject, format: v.format, blocks: v.blocks }
    : { name: v.name, subject: v.subject, format: v.format, html: v.html };
}

/** There is a subject and a body to preview or send. */
export const hasContent = (c: TemplateContent) =>
  Boolean(c.subject.trim()) && (c.format === 'html' ? Boolean(c.html.trim()) : c.blocks.length > 0);

/** The fields of one block (or one item of a column), at `path` in the form. */
export function BlockFields({
  form,
  path,
  block,
}: {
  form: TemplateForm;
  path: string;
  block: MailBlock | MailColumnItem;
}) {
  switch (block.type) {
    case 'heading':
      return <TextInput label="Heading" required {...form.getInputProps(`${path}.text`)} />;
    case 'text':
      return (
        <Textarea
          label="Text"
          required
          autosize
          minRows={2}
          maxRows={10}
          {...form.getInputProps(`${path}.text`)}
        />
      );
    case 'image':
      return <ImageFields form={form} path={path} imageKey={block.key} />;
    case 'button':
      return (
        <Group grow align="flex-start">
          <TextInput label="Button label" required {...form.getInputProps(`${path}.label`)} />
          <TextInput
            label="Link (http or https)"
            required
            placeholder="https://"
            {...form.getInputProps(`${path}.url`)}
          />
        </Group>
      );
    case 'footer':
      return (
        <Textarea
          label="Footer text (the unsubscribe link follows it)"
          autosize
          minRows={1}
          maxRows={4}
          {...form.getInputProps(`${path}.text`)}
        />
      );
    default:
      // The divider has nothing to set; columns are edited by BlockList.
      return null;
  }
}

/** An image: uploaded through the template images' upload, shown from its public address. */
function ImageFields({
  form,
  path,
  imageKey,
}: {
  form: TemplateForm;
  path: string;
  imageKey: string;
}) {
  const upload = useUploadMailerImage();
  const error = form.getInputProps(`${path}.key`).error as string | undefined;
  return (
    <Stack gap="xs">
      <Group align="flex-end">
        {imageKey && (
          <Image
            src={`/api/mail/image?key=${encodeURIComponent(imageKey)}`}
            alt=""
            h={64}
            w="auto"
            fit="contain"
          />
        )}
        <FileButton
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={async (file) => {
            if (!file) return;
            try {
              const { key } = await upload.mutateAsync(file);
              form.setFieldValue(`${path}.key`, key);
            } catch (e) {
              notifyError(e);
            }
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              size="xs"
              leftSection={<IconPhoto size={14} />}
              loading={upload.isPending}
            >
              {imageKey ? 'Replace image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <div role="alert" style={{ color: 'var(--mantine-color-error)', fontSize: 14 }}>
          {error}
        </div>
      )}
      <TextInput
        label="Description (for screen readers and when images are off)"
        {...form.getInputProps(`${path}.alt`)}
      />
    </Stack>
  );
}

/** A new block or column item of a type, empty. */
export function emptyBlock(type: MailBlock['type']): MailBlock {
  switch (type) {
    case 'heading':
    case 'text':
      return { type, text: '' };
    case 'image':
      return { type, key: '', alt: '' };
    case 'button':
      return { type, label: '', url: '' };
    case 'divider':
      return { type };
    case 'columns':
      return {
        type,
        left: [{ type: 'text', text: '' }],
        right: [{ type: 'text', text: '' }],
      };
    case 'footer':
      return { type, text: '' };
  }
}
