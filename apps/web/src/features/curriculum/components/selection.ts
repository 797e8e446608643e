import { idParam } from '@bo/contract/common';
import { z } from 'zod';

/** The drill-down's selection, kept in the URL: `?grade=&subject=&chapter=`. */
export const selectionSchema = z.object({
  grade: idParam.optional().catch(undefined),
  subject: idParam.optional().catch(undefined),
  chapter: idParam.optional().catch(undefined),
});
export type Selection = z.infer<typeof selectionSchema>;

/** Choosing at one level clears the levels below it. */
export function selectAt(
  level: keyof Selection,
  id: number,
): Partial<Record<keyof Selection, number | null>> {
  if (level === 'grade') return { grade: id, subject: null, chapter: null };
  if (level === 'subject') return { subject: id, chapter: null };
  return { chapter: id };
}
