import { countBlanks } from '@bo/contract/questions';
import { Alert, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { AcceptedAnswers } from './accepted-answers.tsx';
import type { EditorValues } from './editor-values.ts';

/**
 * One accepted-answers field per `___` of the stem, in order, kept in step
 * as the stem is typed (the editor page grows the list; extra entries wait
 * unseen in case a blank is typed again), each with its case rule.
 */
export function AnswerBlanks({ form }: { form: UseFormReturnType<EditorValues> }) {
  const { stem, blanks } = form.getValues();
  const count = countBlanks(stem);
  if (count === 0) {
    return (
      <Alert
        color="blue"
        variant="light"
        title="No blanks yet"
        data-testid="answer-blanks"
        data-path="blanks"
      >
        Type three underscores ___ in the question where each blank goes; an answer field appears
        here for each one.
      </Alert>
    );
  }
  return (
    <Stack gap="md" data-testid="answer-blanks">
      {form.errors.blanks && (
        <Text c="red.9" fz="sm" role="alert">
          {form.errors.blanks}
        </Text>
      )}
      {blanks.slice(0, count).map((blank, i) => (
        // Blanks have no identity but their place in the stem.
        <AcceptedAnswers
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the blank's identity
          key={i}
          form={form}
          path={`blanks.${i}`}
          label={`Blank ${i + 1}`}
          answers={blank.answers}
          caseSensitive={blank.caseSensitive}
          error={form.errors[`blanks.${i}.answers`] ?? form.errors[`blanks.${i}`]}
        />
      ))}
    </Stack>
  );
}
