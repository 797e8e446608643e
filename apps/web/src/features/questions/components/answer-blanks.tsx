import { countBlanks } from '@bo/contract/questions';
import { Alert, Group, Stack, Switch, TagsInput, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
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
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the blank's identity
        <Group key={i} align="flex-start" wrap="nowrap">
          <TagsInput
            style={{ flex: 1 }}
            label={`Blank ${i + 1}: accepted answers`}
            description="Press Enter after each answer."
            required
            data-path={`blanks.${i}.answers`}
            value={blank.answers}
            onChange={(answers) => form.setFieldValue(`blanks.${i}.answers`, answers)}
            error={form.errors[`blanks.${i}.answers`] ?? form.errors[`blanks.${i}`]}
            acceptValueOnBlur
            splitChars={[]}
            clearable
          />
          <Switch
            mt={32}
            label="Case matters"
            checked={blank.caseSensitive}
            onChange={(e) =>
              form.setFieldValue(`blanks.${i}.caseSensitive`, e.currentTarget.checked)
            }
          />
        </Group>
      ))}
    </Stack>
  );
}
