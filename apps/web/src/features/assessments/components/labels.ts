import type { AssessmentStatus, TocNode } from '@bo/contract';
import { ASSESSMENT_STATUSES } from '@bo/contract/assessments';

export const STATUS_LABEL: Record<AssessmentStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  inactive: 'Inactive',
};
export const STATUS_COLOR: Record<AssessmentStatus, string> = {
  draft: 'gray',
  active: 'teal',
  inactive: 'orange',
};
export const statusOptions = ASSESSMENT_STATUSES.map((value) => ({
  value,
  label: STATUS_LABEL[value],
}));

export const asOptions = (items: { id: number; name: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

/** A TOC as select options, each title indented by its depth so the tree reads in a list. */
export function tocOptions(
  nodes: readonly TocNode[],
  depth = 0,
): { value: string; label: string }[] {
  return nodes.flatMap((n) => [
    { value: String(n.id), label: `${'· '.repeat(depth)}${n.title}` },
    ...tocOptions(n.children, depth + 1),
  ]);
}

/** "12 questions · 24 marks · 30 min" */
export function totalsText(t: { questions: number; marks: number; minutes: number | null }) {
  const parts = [
    `${t.questions} ${t.questions === 1 ? 'question' : 'questions'}`,
    `${t.marks} marks`,
  ];
  if (t.minutes != null) parts.push(`${t.minutes} min`);
  return parts.join(' · ');
}
