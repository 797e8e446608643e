import { CLOZE_CHOICES, countBlanks } from '@bo/contract/questions';
import {
  ActionIcon,
  Alert,
  Button,
  Fieldset,
  Group,
  Radio,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { AcceptedAnswers } from './accepted-answers.tsx';
import type { EditorValues, GapValue } from './editor-values.ts';

type Form = UseFormReturnType<EditorValues>;

/**
 * One gap per `___` of the stem, in order (kept in step as the stem is
 * typed, as fill-in-the-blank answers are): a choice list with its one
 * correct choice, or accepted answers with their case rule.
 */
export function AnswerCloze({ form }: { form: Form }) {
  const { stem, cloze } = form.getValues();
  const count = countBlanks(stem);
  if (count === 0) {
    return (
      <Alert
        color="blue"
        variant="light"
        title="No gaps yet"
        data-testid="answer-cloze"
        data-path="stem"
      >
        Type three underscores ___ in the question where each gap goes; its answer appears here.
      </Alert>
    );
  }
  return (
    <Stack gap="md" data-testid="answer-cloze">
      {(form.errors['cloze.gaps'] ?? form.errors.cloze) && (
        <Text c="red.9" fz="sm" role="alert" data-path="cloze.gaps" tabIndex={-1}>
          {form.errors['cloze.gaps'] ?? form.errors.cloze}
        </Text>
      )}
      {cloze.gaps.slice(0, count).map((gap, i) => (
        // Gaps have no identity but their place in the stem.
        // biome-ignore lint/suspicious/noArrayIndexKey: the index is the gap's identity
        <Gap key={i} form={form} gap={gap} index={i} />
      ))}
    </Stack>
  );
}

function Gap({ form, gap, index: i }: { form: Form; gap: GapValue; index: number }) {
  const at = `cloze.gaps.${i}`;
  const n = i + 1;
  const choicesError = form.errors[`${at}.choices`];
  return (
    <Fieldset legend={`Gap ${n}`} data-path={at}>
      <Stack gap="sm">
        <SegmentedControl
          aria-label={`Gap ${n}: kind`}
          value={gap.kind}
          onChange={(k) => form.setFieldValue(`${at}.kind`, k as GapValue['kind'])}
          data={[
            { value: 'choice', label: 'Choice list' },
            { value: 'text', label: 'Typed answer' },
          ]}
          w={{ base: '100%', sm: 280 }}
        />
        {gap.kind === 'text' ? (
          <AcceptedAnswers
            form={form}
            path={at}
            label={`Gap ${n}`}
            answers={gap.answers}
            caseSensitive={gap.caseSensitive}
          />
        ) : (
          <Radio.Group
            label={`Gap ${n}: choices`}
            description="Mark the one correct choice."
            value={String(gap.choices.findIndex((c) => c.correct))}
            onChange={(v) =>
              form.setFieldValue(
                `${at}.choices`,
                gap.choices.map((c, j) => ({ ...c, correct: String(j) === v })),
              )
            }
            error={choicesError}
            data-path={`${at}.choices`}
          >
            <Stack gap="xs" mt="xs">
              {gap.choices.map((c, j) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a choice is its place in the list
                <Group key={j} wrap="nowrap" align="flex-start" gap="sm">
                  <Radio
                    value={String(j)}
                    aria-label={`Gap ${n}: choice ${j + 1} is correct`}
                    mt={8}
                  />
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={`Gap ${n}: choice ${j + 1}`}
                    placeholder={`Choice ${j + 1}`}
                    data-path={`${at}.choices.${j}.text`}
                    value={c.text}
                    onChange={(e) =>
                      form.setFieldValue(`${at}.choices.${j}.text`, e.currentTarget.value)
                    }
                    error={form.errors[`${at}.choices.${j}.text`]}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={6}
                    aria-label={`Remove gap ${n} choice ${j + 1}`}
                    disabled={gap.choices.length <= CLOZE_CHOICES.min}
                    onClick={() => form.removeListItem(`${at}.choices`, j)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
              {gap.choices.length < CLOZE_CHOICES.max && (
                <Group>
                  <Button
                    variant="light"
                    size="xs"
                    leftSection={<IconPlus size={14} />}
                    onClick={() =>
                      form.insertListItem(`${at}.choices`, { text: '', correct: false })
                    }
                  >
                    Add a choice to gap {n}
                  </Button>
                </Group>
              )}
            </Stack>
          </Radio.Group>
        )}
      </Stack>
    </Fieldset>
  );
}
