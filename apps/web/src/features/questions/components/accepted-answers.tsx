import { Group, Switch, TagsInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { EditorValues } from './editor-values.ts';

/**
 * The accepted answers of one typed gap and its case rule: a fill-in-the-blank
 * question's blank or a cloze gap of kind "typed answer". `path` is the
 * form's path of the entry (`blanks.0`, `cloze.gaps.1`), which holds
 * `answers` and `caseSensitive`.
 */
export function AcceptedAnswers({
  form,
  path,
  label,
  answers,
  caseSensitive,
  error,
}: {
  form: UseFormReturnType<EditorValues>;
  path: string;
  /** "Blank 2", "Gap 3". */
  label: string;
  answers: string[];
  caseSensitive: boolean;
  /** The field's error; the entry's own by default. */
  error?: React.ReactNode;
}) {
  return (
    <Group align="flex-start" wrap="nowrap">
      <TagsInput
        style={{ flex: 1 }}
        label={`${label}: accepted answers`}
        description="Press Enter after each answer."
        required
        data-path={`${path}.answers`}
        value={answers}
        onChange={(value) => form.setFieldValue(`${path}.answers`, value)}
        error={error ?? form.errors[`${path}.answers`]}
        acceptValueOnBlur
        splitChars={[]}
        clearable
      />
      <Switch
        mt={32}
        label="Case matters"
        checked={caseSensitive}
        onChange={(e) => form.setFieldValue(`${path}.caseSensitive`, e.currentTarget.checked)}
      />
    </Group>
  );
}
