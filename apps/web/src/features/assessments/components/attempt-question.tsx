import type { Answer, AssessmentItem } from '@bo/contract';
import {
  Checkbox,
  Group,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';

type Question = NonNullable<AssessmentItem['question']>;

/**
 * One question as a learner answers it, by type: one option, several, the
 * blanks, a number or free text. Once answered for good (`locked`: checked
 * or submitted) the inputs are read-only; with `showKey` the right options
 * are ticked and the model answer and explanation show. Options are
 * lettered by where they stand, so a shuffled question still reads A, B, C.
 */
export function AttemptQuestion({
  no,
  question: q,
  answer,
  onAnswer,
  locked,
  showKey,
}: {
  no: number;
  question: Question;
  answer: Answer | undefined;
  onAnswer: (a: Answer | undefined) => void;
  locked: boolean;
  showKey: boolean;
}) {
  const chosen = answer && 'optionIds' in answer ? answer.optionIds : [];
  const label = `Question ${no}`;
  const optionLabel = (o: Question['options'][number], index: number) => (
    <Group gap={6} wrap="nowrap">
      <Text fw={600} fz="sm">
        {String.fromCharCode(65 + index)}.
      </Text>
      <RichTextView html={o.html} inline />
      {showKey && o.correct && (
        <ThemeIcon size="xs" color="teal" radius="xl" role="img" aria-label="Right answer">
          <IconCheck size={10} />
        </ThemeIcon>
      )}
    </Group>
  );

  return (
    <Stack gap="sm">
      <RichTextView html={q.stem} testId={`preview-stem-${no}`} />
      {(q.type === 'single_choice' || q.type === 'true_false') && (
        <Radio.Group
          aria-label={`${label} answer`}
          value={chosen[0] ?? null}
          onChange={(v) => onAnswer({ optionIds: [v] })}
        >
          <Stack gap="xs">
            {q.options.map((o, i) => (
              <Radio key={o.id} value={o.id} label={optionLabel(o, i)} disabled={locked} />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {q.type === 'multiple_choice' && (
        <Checkbox.Group
          aria-label={`${label} answer`}
          value={chosen}
          onChange={(v) => onAnswer(v.length ? { optionIds: v } : undefined)}
        >
          <Stack gap="xs">
            {q.options.map((o, i) => (
              <Checkbox key={o.id} value={o.id} label={optionLabel(o, i)} disabled={locked} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {q.type === 'fill_blank' &&
        q.blanks.map((b, i) => {
          const given = answer && 'blanks' in answer ? answer.blanks : [];
          return (
            <TextInput
              // biome-ignore lint/suspicious/noArrayIndexKey: blanks are numbered by position
              key={i}
              label={`Blank ${i + 1}`}
              readOnly={locked}
              value={given[i] ?? ''}
              description={showKey ? `Accepted: ${b.answers.join(', ')}` : undefined}
              onChange={(e) => {
                const next = q.blanks.map((_, j) => given[j] ?? '');
                next[i] = e.currentTarget.value;
                onAnswer({ blanks: next });
              }}
            />
          );
        })}
      {q.type === 'numeric' && (
        <NumberInput
          label="Your answer"
          readOnly={locked}
          value={answer && 'value' in answer ? answer.value : ''}
          description={
            showKey && q.numeric
              ? `Right answer: ${q.numeric.value}${q.numeric.tolerance ? ` ± ${q.numeric.tolerance}` : ''}`
              : undefined
          }
          onChange={(v) => onAnswer(v === '' ? undefined : { value: Number(v) })}
        />
      )}
      {q.type === 'subjective' && (
        <Textarea
          label="Your answer"
          autosize
          minRows={3}
          readOnly={locked}
          value={answer && 'text' in answer ? answer.text : ''}
          onChange={(e) =>
            onAnswer(e.currentTarget.value ? { text: e.currentTarget.value } : undefined)
          }
        />
      )}
      {showKey && q.modelAnswer && (
        <Stack gap={2}>
          <Text fw={600} fz="sm">
            Model answer
          </Text>
          <RichTextView html={q.modelAnswer} />
        </Stack>
      )}
      {showKey && q.explanation && (
        <Stack gap={2}>
          <Text fw={600} fz="sm">
            Explanation
          </Text>
          <RichTextView html={q.explanation} />
        </Stack>
      )}
    </Stack>
  );
}
