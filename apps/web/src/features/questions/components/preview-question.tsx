import type { Question } from '@bo/contract';
import { Badge, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import {
  curriculumLine,
  DIFFICULTY_COLOR,
  DIFFICULTY_LABEL,
  SOURCE_LABEL,
  STATUS_COLOR,
  STATUS_LABEL,
  TYPE_LABEL,
} from './list-labels.ts';
import { PreviewTry } from './preview-try.tsx';

const STRUCTURED = new Set(['matching', 'ordering', 'cloze']);
const isChoice = (q: Question) =>
  q.type === 'single_choice' || q.type === 'multiple_choice' || q.type === 'true_false';

/**
 * A question as a learner meets it (the stem, then the options without any
 * mark of the key), followed by what the learner sees after answering: the
 * key, the accepted answers, the model answer and the explanation.
 */
export function PreviewQuestion({ question: q }: { question: Question }) {
  const correct = q.options.filter((o) => o.correct);
  return (
    <Stack gap="md" data-testid="question-preview">
      <Group gap={6}>
        <Badge variant="light" color="indigo" tt="none">
          {TYPE_LABEL[q.type]}
        </Badge>
        <Badge variant="light" color={DIFFICULTY_COLOR[q.difficulty]} tt="none">
          {DIFFICULTY_LABEL[q.difficulty]}
        </Badge>
        <Badge variant="dot" color={STATUS_COLOR[q.status]} tt="none">
          {STATUS_LABEL[q.status]}
        </Badge>
        <Text fz="sm" c="dimmed">
          {q.marks} {q.marks === 1 ? 'mark' : 'marks'}
          {q.negativeMarks > 0 ? `, −${q.negativeMarks} if wrong` : ''} · {q.language}
        </Text>
      </Group>
      {curriculumLine(q) && (
        <Text fz="sm" c="dimmed">
          {curriculumLine(q)}
        </Text>
      )}

      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <RichTextView html={q.stem} testId="preview-stem" />
          {isChoice(q) && (
            <Stack gap={6} role="list" aria-label="Options">
              {q.options.map((o) => (
                <Group key={o.id} gap="sm" wrap="nowrap" align="flex-start" role="listitem">
                  <Text fw={600} fz="sm" w={20}>
                    {o.id}.
                  </Text>
                  <RichTextView html={o.html} inline testId={`preview-option-${o.id}`} />
                </Group>
              ))}
            </Stack>
          )}
          {q.type === 'numeric' && q.numeric?.unit && (
            <Text fz="sm" c="dimmed">
              Answer in {q.numeric.unit}
            </Text>
          )}
        </Stack>
      </Paper>

      {STRUCTURED.has(q.type) && <PreviewTry key={q.type} question={q} />}

      <Stack gap="sm" data-testid="preview-key">
        <Title order={3} fz="md">
          Answer
        </Title>
        {isChoice(q) && (
          <Stack gap={6}>
            {correct.map((o) => (
              <Group key={o.id} gap="sm" wrap="nowrap" align="flex-start">
                <IconCheck size={18} color="var(--mantine-color-teal-text)" aria-hidden />
                <Text fw={600} fz="sm">
                  {o.id}.
                </Text>
                <RichTextView html={o.html} inline />
              </Group>
            ))}
            {correct.length === 0 && <Text fz="sm">No option is marked correct.</Text>}
          </Stack>
        )}
        {q.type === 'fill_blank' && (
          <List type="ordered" spacing={4} fz="sm">
            {q.blanks.map((b, i) => (
              // Blanks have no id: their position in the stem is what they are.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <List.Item key={i}>
                {b.answers.join(' / ')}
                <Text span c="dimmed" fz="xs">
                  {' '}
                  ({b.caseSensitive ? 'case matters' : 'any case'})
                </Text>
              </List.Item>
            ))}
          </List>
        )}
        {q.type === 'matching' && q.matching && (
          <Stack gap={4}>
            {q.matching.pairs.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pair is its place
              <Group key={i} gap="sm" wrap="nowrap" fz="sm">
                <RichTextView html={p.left} inline />
                <Text span aria-label="matches">
                  →
                </Text>
                <RichTextView html={p.right} inline />
              </Group>
            ))}
            {q.matching.distractors.length > 0 && (
              <Text fz="sm" c="dimmed">
                Matching nothing: {q.matching.distractors.length} extra right-hand text
                {q.matching.distractors.length === 1 ? '' : 's'}
              </Text>
            )}
          </Stack>
        )}
        {q.type === 'ordering' && q.ordering && (
          <List type="ordered" spacing={4} fz="sm">
            {q.ordering.items.map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: an item is its place
              <List.Item key={i}>
                <RichTextView html={item} inline />
              </List.Item>
            ))}
          </List>
        )}
        {q.type === 'cloze' && q.cloze && (
          <List type="ordered" spacing={4} fz="sm">
            {q.cloze.gaps.map((g, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap is its place in the stem
              <List.Item key={i}>
                {g.kind === 'choice'
                  ? (g.choices.find((c) => c.correct)?.text ?? 'No choice marked correct')
                  : g.answers.join(' / ')}
                {g.kind === 'text' && (
                  <Text span c="dimmed" fz="xs">
                    {' '}
                    ({g.caseSensitive ? 'case matters' : 'any case'})
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
        {q.type === 'numeric' && q.numeric && (
          <Text fz="sm">
            {q.numeric.value}
            {q.numeric.tolerance > 0 ? ` ± ${q.numeric.tolerance}` : ''}
            {q.numeric.unit ? ` ${q.numeric.unit}` : ''}
          </Text>
        )}
        {q.modelAnswer && (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              Model answer
            </Text>
            <RichTextView html={q.modelAnswer} testId="preview-model-answer" />
          </Stack>
        )}
        {q.type === 'subjective' && !q.modelAnswer && (
          // A draft may wait for it (an imported essay); it cannot leave draft without.
          <Text fz="sm" data-testid="preview-model-answer-missing">
            <Text span fw={600}>
              Model answer missing:
            </Text>{' '}
            write it before making the question active.
          </Text>
        )}
        {q.explanation && (
          <Stack gap={4}>
            <Text fz="sm" fw={600}>
              Explanation
            </Text>
            <RichTextView html={q.explanation} testId="preview-explanation" />
          </Stack>
        )}
      </Stack>

      <Divider />
      <Stack gap={4}>
        {q.tags.length > 0 && (
          <Group gap={6}>
            {q.tags.map((t) => (
              <Badge key={t} size="sm" variant="outline" color="gray" tt="none">
                {t}
              </Badge>
            ))}
          </Group>
        )}
        <Text fz="xs" c="dimmed">
          {SOURCE_LABEL[q.source]}
          {q.sourceLabel ? ` (${q.sourceLabel})` : ''}
          {q.createdByName ? ` · created by ${q.createdByName}` : ''}
          {q.updatedByName ? ` · last saved by ${q.updatedByName}` : ''}
          {/* The editor previews a question not saved yet as revision 0. */}
          {q.revision > 0 ? ` · revision ${q.revision}` : ' · not saved yet'}
        </Text>
      </Stack>
    </Stack>
  );
}
