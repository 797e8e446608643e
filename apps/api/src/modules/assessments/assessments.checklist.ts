import { ASSESSMENT_KIND_LABELS, type AssessmentDetail } from '@bo/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { mediaItems } from '../../db/schema/index.ts';
import { conflict, type ErrorDetail } from '../../lib/errors.ts';

/**
 * What must hold before an assessment goes live. Every problem is listed at
 * once (409, one detail per problem, on the item or section it is about), so
 * the builder can show them all in place instead of one per attempt.
 */
export async function activationProblems(tx: Tx, a: AssessmentDetail): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });
  const itemNo = new Map(a.items.map((item, i) => [item.id, i + 1]));
  const label = (id: number) => `Item ${itemNo.get(id)}`;
  const activeQuestions = a.items.filter((i) => i.kind === 'question' && i.active);

  if (activeQuestions.length === 0) add('items', 'Add at least one active question');
  for (const s of a.sections)
    if (!a.items.some((i) => i.sectionId === s.id && i.active && i.kind === 'question'))
      add(`sections.${s.id}`, `Section "${s.name}" has no active question`);

  for (const item of activeQuestions) {
    const q = item.question;
    if (q && q.status !== 'active')
      add(`items.${item.id}`, `${label(item.id)}: the question is ${q.status} in the bank`);
    if (item.marks == null || item.marks <= 0)
      add(`items.${item.id}`, `${label(item.id)}: set its marks`);
    else if ((item.negativeMarks ?? 0) > item.marks)
      add(`items.${item.id}`, `${label(item.id)}: negative marks are more than its marks`);
  }

  const sectionMinutes = a.sections.reduce((n, s) => n + (s.timeLimitMinutes ?? 0), 0);
  if (a.durationMinutes != null && sectionMinutes > a.durationMinutes)
    add(
      'sections',
      `The sections' times (${sectionMinutes} min) are more than the duration (${a.durationMinutes} min)`,
    );

  if (a.kind === 'practice' && a.tocNodeId == null)
    add('tocNodeId', 'The table of contents node of this practice was deleted: choose another');

  if (a.kind === 'video_quiz') problems.push(...(await momentProblems(tx, a, label)));
  return problems;
}

async function momentProblems(
  tx: Tx,
  a: AssessmentDetail,
  label: (id: number) => string,
): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const [video] = a.videoId
    ? await tx
        .select({ seconds: mediaItems.durationSeconds })
        .from(mediaItems)
        .where(eq(mediaItems.id, a.videoId))
    : [];
  const seen = new Map<number, number>();
  for (const item of a.items) {
    if (!item.active || item.kind !== 'question') continue;
    if (item.atSeconds == null) {
      problems.push({ path: `items.${item.id}`, message: `${label(item.id)}: set its moment` });
      continue;
    }
    if (video?.seconds != null && item.atSeconds > video.seconds)
      problems.push({
        path: `items.${item.id}`,
        message: `${label(item.id)}: its moment is after the end of the video (${video.seconds} s)`,
      });
    const other = seen.get(item.atSeconds);
    if (other !== undefined)
      problems.push({
        path: `items.${item.id}`,
        message: `${label(item.id)}: ${label(other)} is at the same moment`,
      });
    else seen.set(item.atSeconds, item.id);
  }
  return problems;
}

/** Refuses activation with every problem, or does nothing. */
export async function assertActivatable(tx: Tx, a: AssessmentDetail) {
  const problems = await activationProblems(tx, a);
  if (problems.length)
    throw conflict(
      `This ${ASSESSMENT_KIND_LABELS[a.kind].toLowerCase()} cannot be activated: ${problems.length} problem(s) to fix`,
      problems,
    );
}
