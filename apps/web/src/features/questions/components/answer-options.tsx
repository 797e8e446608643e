import { OPTION_IDS } from '@bo/contract/questions';
import { ActionIcon, Button, Checkbox, Group, Input, Radio, Stack, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { EditorValues } from './editor-values.ts';

type Form = UseFormReturnType<EditorValues>;

/**
 * Options A–F of a choice question, each a rich-text field with its
 * "correct" mark: a radio for single choice (exactly one), a checkbox for
 * multiple choice. Letters follow the order, so removing B makes C the new B.
 */
export function AnswerOptions({
  form,
  renderEditor,
}: {
  form: Form;
  /** The rich-text field of one option (the lazily loaded editor). */
  renderEditor: (index: number, label: string) => ReactNode;
}) {
  const { type, options } = form.getValues();
  const single = type === 'single_choice';
  const error = form.errors.options;
  const setCorrect = (index: number, checked: boolean) =>
    form.setFieldValue(
      'options',
      options.map((o, i) => ({
        ...o,
        correct: single ? i === index : i === index ? checked : o.correct,
      })),
    );
  const remove = (index: number) => form.removeListItem('options', index);
  const add = () => form.insertListItem('options', { html: '', correct: false });

  return (
    <Input.Wrapper
      label="Options"
      labelElement="div"
      description={
        single ? 'Mark the one correct option.' : 'Mark every correct option (at least one).'
      }
      error={error}
      data-testid="answer-options"
    >
      <Stack gap="sm" mt="xs" data-path="options" tabIndex={-1}>
        {options.map((o, i) => {
          const letter = OPTION_IDS[i]!;
          const mark = single ? (
            <Radio
              aria-label={`Option ${letter} is correct`}
              name="correct-option"
              checked={o.correct}
              onChange={(e) => setCorrect(i, e.currentTarget.checked)}
            />
          ) : (
            <Checkbox
              aria-label={`Option ${letter} is correct`}
              checked={o.correct}
              onChange={(e) => setCorrect(i, e.currentTarget.checked)}
            />
          );
          return (
            <Group key={letter} align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={4} align="center" pt={30} w={48}>
                {mark}
                <Text fz="xs" c="dimmed">
                  Correct
                </Text>
              </Stack>
              <div style={{ flex: 1, minWidth: 0 }}>{renderEditor(i, `Option ${letter}`)}</div>
              <ActionIcon
                variant="subtle"
                color="red"
                mt={30}
                aria-label={`Remove option ${letter}`}
                disabled={options.length <= 2}
                onClick={() => remove(i)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          );
        })}
        {options.length < OPTION_IDS.length && (
          <Group>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add}>
              Add option {OPTION_IDS[options.length]}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

/** True or False, one of them correct. */
export function AnswerTrueFalse({ form }: { form: Form }) {
  return (
    <Radio.Group
      label="Correct answer"
      required
      value={form.getValues().trueFalse}
      onChange={(v) => form.setFieldValue('trueFalse', v as 'A' | 'B')}
      error={form.errors.trueFalse}
      data-path="trueFalse"
    >
      <Group mt="xs">
        <Radio value="A" label="True" />
        <Radio value="B" label="False" />
      </Group>
    </Radio.Group>
  );
}
