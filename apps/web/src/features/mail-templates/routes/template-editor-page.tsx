import { MAIL_VARIABLES, type MailTemplate, templateBody } from '@bo/contract/mail';
import type { MailBlock } from '@bo/contract/mail-blocks';
import {
  Button,
  FileButton,
  Grid,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPhoto } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  focusFirstInvalid,
  liveValidation,
  showFormError,
  validateWith,
} from '../../../lib/form.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { useTemplate } from '../api/get-template.ts';
import { useCreateTemplate, useEditTemplate } from '../api/save-template.ts';
import { useUploadMailerImage } from '../api/upload-image.ts';
import { BlockEditor } from '../components/block-editor.tsx';
import { contentOf, type TemplateValues } from '../components/block-fields.tsx';
import { MailPreview } from '../components/mail-preview.tsx';

const checkContent = validateWith(templateBody);
/** Only the body the format names is checked (and sent): the other is kept, unused. */
const validate = (values: TemplateValues) => checkContent(contentOf(values));

/** /mail-templates/new and /mail-templates/:id: write a template, insert variables and images, preview it. */
export function TemplateEditorPage() {
  const { id: idParam } = useParams();
  const id = idParam && idParam !== 'new' ? Number(idParam) : null;
  const existing = useTemplate(id);
  if (id !== null && existing.isPending) return <PageLoader />;
  if (id !== null && existing.isError) return <Text c="red">{errorMessage(existing.error)}</Text>;
  return <Editor key={id ?? 'new'} id={id} initial={existing.data} />;
}

/** A new blocks template starts with a heading, a greeting, a button and the footer. */
const STARTER_BLOCKS: MailBlock[] = [
  { type: 'heading', text: '' },
  { type: 'text', text: 'Dear {{first_name | "Learner"}},' },
  { type: 'button', label: '', url: '' },
  { type: 'footer', text: '' },
];

function Editor({ id, initial }: { id: number | null; initial: MailTemplate | undefined }) {
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const edit = useEditTemplate();
  const upload = useUploadMailerImage();
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const form = useForm<TemplateValues>({
    initialValues: {
      name: initial?.name ?? '',
      subject: initial?.subject ?? '',
      format: initial?.format ?? 'html',
      html: initial?.html ?? '<p>Dear {{first_name}},</p>\n<p></p>',
      blocks: initial?.blocks ?? STARTER_BLOCKS,
    },
    validate,
    ...liveValidation,
  });
  useEffect(() => {
    if (!initial) form.resetDirty();
  }, [initial, form.resetDirty]);
  const draft = useFormDraft(form, `mail-template:${id ?? 'new'}`, 'this template');

  /** Puts text at the body's cursor (or its end). */
  const insert = (text: string) => {
    const el = htmlRef.current;
    const html = form.getValues().html;
    const at = el?.selectionStart ?? html.length;
    form.setFieldValue('html', html.slice(0, at) + text + html.slice(el?.selectionEnd ?? at));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + text.length, at + text.length);
    });
  };

  const submit = form.onSubmit(async (values) => {
    try {
      const body = contentOf(values);
      const saved =
        id === null ? await create.mutateAsync(body) : await edit.mutateAsync({ ...body, id });
      draft.saved();
      form.setValues({
        name: saved.name,
        subject: saved.subject,
        format: saved.format,
        html: saved.html,
        blocks: saved.blocks ?? values.blocks,
      });
      form.resetDirty();
      notifySuccess(`Template “${saved.name}” saved`);
      if (id === null) navigate(`/mail-templates/${saved.id}`, { replace: true });
    } catch (error) {
      showFormError(form, error);
    }
  }, focusFirstInvalid);

  const values = form.getValues();
  return (
    <>
      <PageHeader
        title={id === null ? 'New template' : values.name || 'Template'}
        description="Variables in double braces are filled with each learner's details; the HTML is cleaned when saved."
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          {draft.offer}
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              <TextInput label="Name" required {...form.getInputProps('name')} />
              <TextInput label="Subject" required {...form.getInputProps('subject')} />
              <SegmentedControl
                aria-label="Write the body as"
                value={values.format}
                onChange={(v) => form.setFieldValue('format', v as TemplateValues['format'])}
                data={[
                  { value: 'blocks', label: 'Blocks' },
                  { value: 'html', label: 'HTML' },
                ]}
                w="fit-content"
              />
              {values.format === 'blocks' ? (
                <BlockEditor form={form} />
              ) : (
                <Textarea
                  ref={htmlRef}
                  label="Body (HTML)"
                  required
                  autosize
                  minRows={12}
                  maxRows={30}
                  styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
                  {...form.getInputProps('html')}
                />
              )}
              <Group justify={values.format === 'html' ? 'space-between' : 'flex-end'}>
                {values.format === 'html' && (
                  <FileButton
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    onChange={async (file) => {
                      if (!file) return;
                      try {
                        const { url } = await upload.mutateAsync(file);
                        insert(`<img src="${url}" alt="" width="600">`);
                      } catch (error) {
                        notifyError(error);
                      }
                    }}
                  >
                    {(props) => (
                      <Button
                        {...props}
                        variant="default"
                        leftSection={<IconPhoto size={16} />}
                        loading={upload.isPending}
                      >
                        Insert image
                      </Button>
                    )}
                  </FileButton>
                )}
                <Button type="submit" loading={create.isPending || edit.isPending}>
                  Save template
                </Button>
              </Group>
            </Stack>
          </form>
          <Paper withBorder p="sm" mt="md">
            <Title order={2} fz="sm" mb={6}>
              Variables
            </Title>
            <Group gap={6}>
              {Object.entries(MAIL_VARIABLES).map(([name, label]) => (
                <Tooltip key={name} label={`Insert ${label.toLowerCase()}`}>
                  <UnstyledButton
                    onClick={() => insert(`{{${name}}}`)}
                    px={8}
                    py={2}
                    style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
                  >
                    <Text fz="sm" ff="monospace">{`{{${name}}}`}</Text>
                  </UnstyledButton>
                </Tooltip>
              ))}
            </Group>
            <Text fz="xs" c="dimmed" mt={6}>
              For learners without a value, add a fallback in double quotes:{' '}
              <Text span ff="monospace" fz="xs">
                {'{{first_name | "Learner"}}'}
              </Text>
              . Without one, the variable is left empty.
            </Text>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <Title order={2} fz="md" mb="sm">
            Preview
          </Title>
          <MailPreview content={contentOf(values)} />
        </Grid.Col>
      </Grid>
    </>
  );
}
