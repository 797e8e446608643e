import type { AssessmentItem, Question } from '@bo/contract';
import { shownOrder } from '@bo/contract/attempt-order';
import { type Answer, scoreAttempt } from '@bo/contract/scoring';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import { ClozeSentence } from './cloze-sentence.tsx';

/** A rich text as a select's option label (selects hold plain text only). */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>|&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

// The bank's preview has no assessment: it marks as one with a share per
// pair, position or gap right (docs/decisions.md), nothing for unanswered.
const MARKING = { partialCredit: 'per_option', unansweredMarks: 0 } as const;
const SEED = 'preview';

/**
 * Matching, ordering and cloze answered as a learner would (right-hand texts
 * and items in the learner's `shownOrder`), then "Check" scores the answer
 * with the contract's scoring, negative marks included.
 */
export function PreviewTry({ question: q }: { question: Question }) {
  const order = useMemo(() => shownOrder(q, SEED) ?? [], [q]);
  const [matches, setMatches] = useState<(number | null)[]>([]);
  const [moved, setMoved] = useState<number[] | null>(null);
  const [gaps, setGaps] = useState<string[]>([]);
  const [announce, setAnnounce] = useState('');
  const [result, setResult] = useState<string | null>(null);

  const items = q.ordering?.items ?? [];
  // A changed item list (the author typing) starts the learner's order afresh.
  const current = moved && moved.length === items.length ? moved : order;
  const answer: Answer =
    q.type === 'matching'
      ? { matches }
      : q.type === 'ordering'
        ? { order: current }
        : { blanks: gaps };

  const check = () => {
    const item = {
      id: 1,
      kind: 'question',
      sectionId: null,
      position: 1,
      questionId: q.id,
      instruction: null,
      marks: q.marks,
      negativeMarks: q.negativeMarks,
      active: true,
      atSeconds: null,
      question: q,
    } as AssessmentItem;
    const s = scoreAttempt({ ...MARKING, items: [item] }, { 1: answer }).items[0]!;
    const label = { correct: 'Correct', partial: 'Partly right', wrong: 'Wrong' }[
      s.outcome as 'correct'
    ];
    setResult(`${label ?? 'Not answered'}: ${s.marks} of ${s.max} marks`);
  };
  const edit = (f: () => void) => {
    f();
    setResult(null);
  };

  const rights = q.matching
    ? [...q.matching.pairs.map((p) => p.right), ...q.matching.distractors]
    : [];
  const move = (at: number, delta: number) =>
    edit(() => {
      const next = [...current];
      const [v] = next.splice(at, 1);
      next.splice(at + delta, 0, v!);
      setMoved(next);
      setAnnounce(
        `${plain(items[v!] ?? '')} moved to position ${at + delta + 1} of ${next.length}`,
      );
    });

  return (
    <Paper withBorder p="md" radius="md" data-testid="preview-try">
      <Stack gap="sm">
        <Title order={3} fz="md">
          Try it
        </Title>
        {q.type === 'matching' &&
          q.matching?.pairs.map((p, i) => (
            <NativeSelect
              // biome-ignore lint/suspicious/noArrayIndexKey: a pair is its place
              key={i}
              label={`Match for: ${plain(p.left) || `pair ${i + 1}`}`}
              value={matches[i] == null ? '' : String(matches[i])}
              onChange={(e) =>
                edit(() => {
                  const next = [...matches];
                  next[i] = e.currentTarget.value === '' ? null : Number(e.currentTarget.value);
                  setMatches(next);
                })
              }
              data={[
                { value: '', label: 'Choose…' },
                ...order.map((r) => ({ value: String(r), label: plain(rights[r] ?? '') })),
              ]}
            />
          ))}
        {q.type === 'ordering' && (
          <Stack gap={4} component="ol" aria-label="Items to put in order" p={0} m={0}>
            {current.map((v, at) => (
              <Group key={v} component="li" gap="xs" wrap="nowrap" style={{ listStyle: 'none' }}>
                <Text fz="sm" w={20}>
                  {at + 1}.
                </Text>
                <div style={{ flex: 1 }}>
                  <RichTextView html={items[v] ?? ''} inline />
                </div>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move up: ${plain(items[v] ?? '')}`}
                  disabled={at === 0}
                  onClick={() => move(at, -1)}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={`Move down: ${plain(items[v] ?? '')}`}
                  disabled={at === current.length - 1}
                  onClick={() => move(at, 1)}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {q.type === 'cloze' && q.cloze && (
          <ClozeSentence
            stem={q.stem}
            gaps={q.cloze.gaps}
            values={gaps}
            onChange={(i, text) =>
              edit(() => {
                const next = [...gaps];
                next[i] = text;
                setGaps(next);
              })
            }
          />
        )}
        <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>
        <Group>
          <Button variant="light" onClick={check}>
            Check
          </Button>
          {result && (
            <Text fz="sm" fw={600} role="status" data-testid="preview-try-score">
              {result}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
