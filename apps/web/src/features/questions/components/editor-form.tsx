import type { Question, QuestionType } from '@bo/contract';
import { QUESTION_TYPE_LABELS, QUESTION_TYPES } from '@bo/contract/questions';
import { Button, Card, Grid, Group, Select, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconHistory } from '@tabler/icons-react';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { lazyDialog } from '../../../components/lazy-dialog.tsx';
import { useLeaveGuard } from '../../../components/leave-guard.tsx';
import { focusFirstInvalid, liveValidation } from '../../../lib/form.ts';
import { useFormDraft } from '../../../lib/use-form-draft.tsx';
import { AnswerBlanks } from './answer-blanks.tsx';
import { AnswerCloze } from './answer-cloze.tsx';
import { AnswerNumeric } from './answer-numeric.tsx';
import { AnswerOptions, AnswerTrueFalse } from './answer-options.tsx';
import { AnswerMatching, AnswerOrdering } from './answer-structured.tsx';
import { EditorDetails } from './editor-details.tsx';
import { EditorDuplicates } from './editor-duplicates.tsx';
import { asPreview } from './editor-preview.ts';
import { EditorRichField } from './editor-rich-field.tsx';
import { useEditorSave } from './editor-save.tsx';
import {
  blanksFor,
  duplicateCheckBody,
  type EditorValues,
  emptyValues,
  fromQuestion,
  gapsFor,
  isChoice,
  toBody,
  validateEditor,
  withType,
} from './editor-values.ts';
import { PreviewQuestion } from './preview-question.tsx';

// The history (its drawer, revisions and restore) loads when first opened.
const HistoryDrawer = lazyDialog(() => import('./history-drawer.tsx').then((m) => m.HistoryDrawer));

const typeOptions = QUESTION_TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }));

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card withBorder radius="md" padding="md" component="section" aria-label={title}>
    <Title order={2} fz="h5" mb="sm">
      {title}
    </Title>
    {children}
  </Card>
);

/**
 * The question editor: type, text, answer, explanation and details on the
 * left, checked as typed against the contract's rules; the learner's view
 * beside it; duplicate warnings as the text settles; save (add, or edit
 * from the revision it started from) and the history with restore.
 */
export function EditorForm({
  question,
  header,
}: {
  /** The saved question being edited; null for a new one. */
  question: Question | null;
  header: (actions: ReactNode, saved: Question | null) => ReactNode;
}) {
  const form = useForm<EditorValues>({
    initialValues: question ? fromQuestion(question) : emptyValues(),
    validate: validateEditor,
    ...liveValidation,
  });
  const [historyOpen, setHistoryOpen] = useState(false);
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const busyUploading = Object.values(uploading).some(Boolean);
  const draft = useFormDraft(form, `question:${question?.id ?? 'new'}`, 'this question');
  const saver = useEditorSave(form, question, busyUploading, draft.saved);
  const saved = saver.saved;
  const leaveGuard = useLeaveGuard(() => form.isDirty(), 'this question', draft.saved);

  const v = form.getValues();
  const body = useMemo(() => toBody(v), [v]);
  // The preview may lag a keystroke behind: typing stays smooth on long texts.
  const preview = useDeferredValue(body);
  const dupBody = useMemo(() => duplicateCheckBody(v), [v]);

  const rich = (
    path: string,
    label: string,
    extra: { required?: boolean; minHeight?: number; description?: string; compact?: boolean } = {},
  ) => (
    <EditorRichField
      label={label}
      path={path}
      value={form.getInputProps(path).value as string}
      onChange={(html) => {
        form.setFieldValue(path as 'stem', html);
        // The answers of a fill-in-the-blank follow the blanks typed in the stem.
        if (path === 'stem') {
          form.setFieldValue('blanks', blanksFor(html, form.getValues().blanks));
          // Checked again now both are in step: the stem's own check ran
          // while the answers were still one blank behind.
          form.validateField('blanks');
          if (form.getValues().type === 'cloze') {
            form.setFieldValue('cloze.gaps', gapsFor(html, form.getValues().cloze.gaps));
            form.validateField('cloze.gaps');
          }
        }
      }}
      error={form.errors[path]}
      onBusyChange={(busy) => setUploading((u) => ({ ...u, [path]: busy }))}
      {...extra}
    />
  );

  const answer = (type: QuestionType) => {
    if (isChoice(type))
      return (
        <AnswerOptions
          form={form}
          renderEditor={(i, label) =>
            rich(`options.${i}.html`, label, { minHeight: 40, compact: true })
          }
        />
      );
    if (type === 'true_false') return <AnswerTrueFalse form={form} />;
    if (type === 'fill_blank') return <AnswerBlanks form={form} />;
    if (type === 'numeric') return <AnswerNumeric form={form} />;
    const structuredField = (path: string, label: string) =>
      rich(path, label, { minHeight: 40, compact: true });
    if (type === 'matching') return <AnswerMatching form={form} rich={structuredField} />;
    if (type === 'ordering') return <AnswerOrdering form={form} rich={structuredField} />;
    if (type === 'cloze') return <AnswerCloze form={form} />;
    return null;
  };
  const showModelAnswer = v.type === 'subjective' || v.modelAnswer !== '';

  const actions = (
    <>
      {saved && (
        <Button
          variant="default"
          leftSection={<IconHistory size={16} />}
          onClick={() => setHistoryOpen(true)}
        >
          History
        </Button>
      )}
      <Button type="submit" form="question-editor" loading={saver.busy}>
        {saved ? 'Save changes' : 'Save question'}
      </Button>
    </>
  );

  return (
    <>
      {header(actions, saved)}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form
            id="question-editor"
            onSubmit={form.onSubmit(saver.save, focusFirstInvalid)}
            noValidate
          >
            <Stack gap="md">
              {draft.offer}
              <Section title="Question">
                <Stack gap="md">
                  <Select
                    label="Type"
                    data={typeOptions}
                    allowDeselect={false}
                    w={{ base: '100%', sm: 260 }}
                    value={v.type}
                    onChange={(t) =>
                      t && form.setValues(withType(form.getValues(), t as QuestionType))
                    }
                  />
                  {rich('stem', 'Question', {
                    required: true,
                    minHeight: 100,
                    description:
                      v.type === 'fill_blank' || v.type === 'cloze'
                        ? `Type ___ (three underscores) for each ${v.type === 'cloze' ? 'gap' : 'blank'}.`
                        : undefined,
                  })}
                  <EditorDuplicates question={dupBody} exceptId={saved?.id} />
                </Stack>
              </Section>
              <Section title="Answer">
                <Stack gap="md">
                  {answer(v.type)}
                  {showModelAnswer &&
                    rich(
                      'modelAnswer',
                      v.type === 'subjective' ? 'Model answer' : 'Model answer (optional)',
                      {
                        required: v.type === 'subjective',
                      },
                    )}
                  {rich('explanation', 'Explanation', {
                    description: 'Optional: shown with the key after the answer.',
                  })}
                </Stack>
              </Section>
              <Section title="Details">
                <EditorDetails form={form} />
              </Section>
              <Group justify="flex-end">
                {busyUploading && (
                  <Text fz="sm" c="dimmed">
                    Waiting for images to upload…
                  </Text>
                )}
                <Button type="submit" loading={saver.busy}>
                  {saved ? 'Save changes' : 'Save question'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Card
            withBorder
            radius="md"
            padding="md"
            component="aside"
            aria-label="Preview"
            style={{ position: 'sticky', top: 76 }}
          >
            <Title order={2} fz="h4" mb="sm">
              Preview
            </Title>
            <PreviewQuestion question={asPreview(preview, saved)} />
          </Card>
        </Grid.Col>
      </Grid>
      {saved && historyOpen && (
        <HistoryDrawer
          saved={saved}
          opened
          unsaved={form.isDirty()}
          restoring={saver.restoring}
          onRestore={async (revision) => {
            const ok = await saver.restore(revision);
            if (ok) setHistoryOpen(false);
            return ok;
          }}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      {saver.conflictDialog}
      {leaveGuard}
    </>
  );
}
