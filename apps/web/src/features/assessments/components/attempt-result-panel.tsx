import type { AssessmentDetail } from '@bo/contract/assessments';
import { type AttemptScore, attemptResult } from '@bo/contract/scoring';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { hiddenAnswersNote } from './review.ts';

/**
 * The preview's result after submitting: the score and its percentage,
 * passed or not against the pass mark, the grade band with its feedback
 * (the contract's attemptResult), and why the answers stay hidden when the
 * assessment keeps them back.
 */
export function AttemptResultPanel({
  assessment: a,
  score,
  answersHidden,
}: {
  assessment: AssessmentDetail;
  score: AttemptScore;
  answersHidden: boolean;
}) {
  const result = attemptResult(a, score);
  const note = answersHidden ? hiddenAnswersNote(a.showAnswers, a.availableTo) : null;
  return (
    <Paper withBorder p="md" data-testid="score">
      <Stack gap="xs">
        <Group gap="sm">
          <Title order={2} fz="lg">
            Score: {score.score} / {score.max} ({result.percent}%)
          </Title>
          {result.passed !== null && (
            <Badge size="lg" variant="light" color={result.passed ? 'teal' : 'red'}>
              {result.passed ? 'Passed' : 'Not passed'} · pass mark {a.cutoffPercent}%
            </Badge>
          )}
        </Group>
        <Group gap="md">
          <Text>Right: {score.correct}</Text>
          <Text>Wrong: {score.wrong}</Text>
          <Text>Partly right: {score.partial}</Text>
          <Text>Not answered: {score.unanswered}</Text>
          {score.toMark > 0 && <Text>To be marked: {score.toMark}</Text>}
        </Group>
        {result.band && (
          <Paper bg="var(--mantine-color-gray-0)" p="sm" data-testid="grade-band">
            <Text fw={600}>{result.band.label}</Text>
            {result.band.feedback && (
              <Text style={{ whiteSpace: 'pre-line' }}>{result.band.feedback}</Text>
            )}
          </Paper>
        )}
        {score.toMark > 0 && (result.passed !== null || result.band) && (
          <Text fz="sm" c="dimmed">
            Provisional: answers still to be marked count 0 until a teacher marks them.
          </Text>
        )}
        {note && (
          <Text fz="sm" c="dimmed" data-testid="answers-hidden">
            {note}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
