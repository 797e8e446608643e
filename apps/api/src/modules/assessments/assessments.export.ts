import type { AssessmentKind, assessmentExportQuery } from '@bo/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { type PackageSection, type QtiQuestion, travellingFile } from '../questions/index.ts';
import { readDetail } from './assessments.queries.ts';

/**
 * An assessment of any kind as content that travels: a QTI 3.0 package
 * (its sections as qti-assessment-sections) or a QuML 1.1 question set
 * (its sections as child sets), through the same writers as the question
 * export. Each active question item is written with the item's marks and
 * negative marks (what the assessment gives it), not the bank's, and the
 * assessment's partial credit (QTI writes part marks with it). Items
 * outside any section come first, in a section of their own; instruction
 * items are not written (a section's instructions are). Questions the
 * format does not carry are refused or left out as for the question
 * export (travel.ts).
 */
export async function exportAssessment(
  deps: Deps,
  kind: AssessmentKind,
  query: z.infer<typeof assessmentExportQuery>,
) {
  const a = await readDetail(deps.db, kind, query.id);
  const questionsOf = (sectionId: number | null): QtiQuestion[] =>
    a.items
      .filter((i) => i.kind === 'question' && i.active && i.question && i.sectionId === sectionId)
      .map((i) => {
        const q = i.question!;
        return {
          ...q,
          marks: i.marks ?? q.marks,
          negativeMarks: i.negativeMarks ?? q.negativeMarks,
          partialCredit: a.partialCredit,
          gradeId: null,
          subjectId: null,
          chapterId: null,
          topicId: null,
          tags: [],
        };
      });
  const loose = questionsOf(null);
  const sections: PackageSection[] = [
    ...(loose.length ? [{ title: a.name, instructions: a.instructions, questions: loose }] : []),
    ...a.sections.map((s) => ({
      title: s.name,
      instructions: s.instructions,
      questions: questionsOf(s.id),
    })),
  ];
  const test = { title: a.name, sections };
  const name = a.name.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'Assessment';
  return travellingFile(deps, query.format, test, name, query.leaveOut);
}
