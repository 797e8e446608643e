import type { Answer, AssessmentKind, AttemptScore } from '@bo/contract';
import { attemptOrder } from '@bo/contract/attempt-order';
import { scoreAttempt } from '@bo/contract/scoring';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { RichTextView } from '../../../components/rich-text/rich-text-view.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useGeneralInstructions } from '../api/general-instructions.ts';
import { useAssessment } from '../api/get-assessment.ts';
import { AttemptQuestion } from '../components/attempt-question.tsx';
import { AttemptResultPanel } from '../components/attempt-result-panel.tsx';
import { PreviewVideo } from '../components/preview-video.tsx';
import { answersShown } from '../components/review.ts';
import { clock, useSectionTimers } from '../components/use-section-timers.ts';
import { KINDS } from '../kinds.ts';

/** An attempt's seed: only needs to differ between attempts (not a secret). */
const newSeed = () => Math.random().toString(36).slice(2);

const OUTCOME: Record<string, { label: string; color: string }> = {
  correct: { label: 'Right', color: 'teal' },
  partial: { label: 'Partly right', color: 'yellow' },
  wrong: { label: 'Wrong', color: 'red' },
  unanswered: { label: 'Not answered', color: 'gray' },
  to_mark: { label: 'To be marked', color: 'blue' },
};

/**
 * /<kind path>/:id/preview: the assessment as a learner takes it (active
 * items only): instructions, sections with their timers, a question
 * palette with "mark for review", then the score worked out by the
 * contract's scoreAttempt, with pass or fail and the grade band. Each
 * attempt (each "Start again") has its own seed for the contract's
 * attemptOrder, so the shuffles show as a learner's attempt would; the key
 * and explanations show when the assessment's `showAnswers` allows
 * (review.ts). A video quiz plays its video and stops at each question
 * (preview-video.tsx). Nothing is saved.
 */
export function AssessmentPreviewPage({ kind }: { kind: AssessmentKind }) {
  const def = KINDS[kind];
  const id = Number(useParams().id ?? 0);
  const detail = useAssessment(kind, id);
  const [at, setAt] = useState(0);
  const [answers, setAnswers] = useState<Record<number, Answer | undefined>>({});
  const [review, setReview] = useState<Set<number>>(new Set());
  const [score, setScore] = useState<AttemptScore | null>(null);
  const [seed, setSeed] = useState(() => newSeed());
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const a = detail.data;
  const items = useMemo(
    () => (a ? attemptOrder({ ...a, items: a.items.filter((i) => i.active) }, seed) : []),
    [a, seed],
  );
  const questions = items.filter((i) => i.kind === 'question' && i.question);
  const current = questions[at];
  const timers = useSectionTimers(
    (a?.sections ?? []).map((s) => ({ id: s.id, minutes: s.timeLimitMinutes })),
    current?.sectionId ?? null,
    !score,
  );
  // A practice without instructions of its own shows the practices' general ones.
  const general = useGeneralInstructions(kind === 'practice' && !!a && !a.instructions);
  const instructions = a?.instructions ?? (kind === 'practice' ? general.data?.html : null);

  if (detail.isPending) return <Skeleton h={300} />;
  if (detail.isError || !a)
    return (
      <Alert color="red" title="Could not load the preview">
        {errorMessage(detail.error)}
      </Alert>
    );

  // The instruction blocks just before a question show above it.
  const before = (itemId: number) => {
    const i = items.findIndex((x) => x.id === itemId);
    const out: string[] = [];
    for (let j = i - 1; j >= 0 && items[j]!.kind === 'instruction'; j--)
      out.unshift(items[j]!.instruction ?? '');
    return out;
  };
  const section = a.sections.find((s) => s.id === current?.sectionId);
  // A section's instructions show with its first question, as the learner enters it.
  const startsSection = !!section && questions.findIndex((q) => q.sectionId === section.id) === at;
  const shown = (itemId: number) =>
    answersShown(a.showAnswers, {
      submitted: !!score,
      checked: checked.has(itemId),
      closesAt: a.availableTo,
      now: Date.now(),
    });
  // Checked questions (answers after each question) show their outcome before submitting.
  const outcomes = score ?? (checked.size ? scoreAttempt({ ...a, items }, answers) : null);
  const byItem = new Map(outcomes?.items.filter((s) => shown(s.itemId)).map((s) => [s.itemId, s]));

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h2">
          {a.name}: preview
        </Title>
        <Anchor component={Link} to={`${def.path}/${a.id}`}>
          Back to the builder
        </Anchor>
      </Group>
      {instructions && (
        <Paper withBorder p="sm" data-testid="instructions">
          <Text fw={600} fz="sm">
            Instructions
          </Text>
          <RichTextView html={instructions} />
        </Paper>
      )}
      {kind === 'video_quiz' && !score && (
        <PreviewVideo
          videoId={a.videoId}
          moments={questions.flatMap((q, i) =>
            q.atSeconds == null ? [] : [{ index: i, atSeconds: q.atSeconds }],
          )}
          onReach={setAt}
        />
      )}
      {score && (
        <AttemptResultPanel
          assessment={a}
          score={score}
          answersHidden={questions.some((q) => !shown(q.id))}
        />
      )}
      {questions.length === 0 ? (
        <Text c="dimmed">No active question to preview.</Text>
      ) : (
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder p="md">
              <Group justify="space-between" mb="sm">
                <Text fw={600}>
                  Question {at + 1} of {questions.length}
                  {section ? ` · ${section.name}` : ''}
                </Text>
                {section && timers[section.id] !== undefined && (
                  <Badge variant="light" size="lg" aria-label="Time left in this section">
                    {clock(timers[section.id]!)} left
                  </Badge>
                )}
              </Group>
              {current && (
                <Stack>
                  {section?.instructions && startsSection && (
                    <Paper withBorder p="sm" data-testid="section-instructions">
                      <RichTextView html={section.instructions} />
                    </Paper>
                  )}
                  {before(current.id).map((html) => (
                    <Paper key={html} bg="var(--mantine-color-gray-0)" p="sm">
                      <RichTextView html={html} />
                    </Paper>
                  ))}
                  <AttemptQuestion
                    no={at + 1}
                    question={current.question!}
                    answer={answers[current.id]}
                    onAnswer={(v) => setAnswers((prev) => ({ ...prev, [current.id]: v }))}
                    locked={!!score || checked.has(current.id)}
                    showKey={shown(current.id)}
                  />
                  {a.showAnswers === 'after_each' && !score && !checked.has(current.id) && (
                    <Group>
                      <Button
                        variant="light"
                        disabled={answers[current.id] === undefined}
                        onClick={() => setChecked((prev) => new Set(prev).add(current.id))}
                      >
                        Check answer
                      </Button>
                    </Group>
                  )}
                  {byItem.get(current.id) && (
                    <Badge color={OUTCOME[byItem.get(current.id)!.outcome]!.color} variant="light">
                      {OUTCOME[byItem.get(current.id)!.outcome]!.label}:{' '}
                      {byItem.get(current.id)!.marks} / {byItem.get(current.id)!.max}
                    </Badge>
                  )}
                </Stack>
              )}
              <Group mt="md" justify="space-between">
                <Button variant="default" disabled={at === 0} onClick={() => setAt(at - 1)}>
                  Previous
                </Button>
                {!score && current && (
                  <Button
                    variant="light"
                    color="grape"
                    onClick={() =>
                      setReview((prev) => {
                        const next = new Set(prev);
                        if (next.has(current.id)) next.delete(current.id);
                        else next.add(current.id);
                        return next;
                      })
                    }
                  >
                    {review.has(current.id) ? 'Unmark review' : 'Mark for review'}
                  </Button>
                )}
                <Button
                  variant="default"
                  disabled={at === questions.length - 1}
                  onClick={() => setAt(at + 1)}
                >
                  Next
                </Button>
              </Group>
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="md">
              <Text fw={600} mb="xs">
                Questions
              </Text>
              <SimpleGrid cols={6} spacing={6} component="nav" aria-label="Question palette">
                {questions.map((q, i) => {
                  const answered = answers[q.id] !== undefined;
                  const outcome = byItem.get(q.id)?.outcome;
                  const color = outcome
                    ? OUTCOME[outcome]!.color
                    : review.has(q.id)
                      ? 'grape'
                      : answered
                        ? 'teal'
                        : 'gray';
                  return (
                    <UnstyledButton
                      key={q.id}
                      onClick={() => setAt(i)}
                      aria-current={i === at ? 'true' : undefined}
                      aria-label={`Question ${i + 1}${answered ? ', answered' : ''}${review.has(q.id) ? ', marked for review' : ''}`}
                      style={{
                        textAlign: 'center',
                        padding: '6px 0',
                        borderRadius: 6,
                        fontWeight: 600,
                        color: `var(--mantine-color-${color}-9)`,
                        background: `var(--mantine-color-${color}-1)`,
                        outline: i === at ? `2px solid var(--mantine-color-${color}-9)` : undefined,
                      }}
                    >
                      {i + 1}
                    </UnstyledButton>
                  );
                })}
              </SimpleGrid>
              {!score ? (
                <Button
                  fullWidth
                  mt="md"
                  onClick={() => setScore(scoreAttempt({ ...a, items }, answers))}
                >
                  Submit
                </Button>
              ) : (
                <Button
                  fullWidth
                  mt="md"
                  variant="default"
                  onClick={() => {
                    setScore(null);
                    setSeed(newSeed());
                    setChecked(new Set());
                    setAnswers({});
                    setReview(new Set());
                    setAt(0);
                  }}
                >
                  Start again
                </Button>
              )}
            </Paper>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
