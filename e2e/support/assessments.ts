import type { Page } from 'playwright-core';
import { apiOk } from './api.ts';
import type { RunningServer } from './server.ts';

/** A single-choice question in the bank (B is right), active unless told. */
export const choiceQuestion = (stem: string, status: 'active' | 'draft' = 'active') => ({
  type: 'single_choice',
  stem: `<p>${stem}</p>`,
  options: [
    { id: 'A', html: '<p>Wrong</p>', correct: false },
    { id: 'B', html: '<p>Right</p>', correct: true },
  ],
  explanation: `<p>Because of ${stem}.</p>`,
  marks: 2,
  negativeMarks: 0,
  status,
});

/** Adds questions to the bank through the API; answers their ids in order. */
export async function seedBankQuestions(
  page: Page,
  server: RunningServer,
  questions: unknown[],
): Promise<number[]> {
  const added = await apiOk(page, server, '/questions/addquestions', { questions });
  return (added.items as { id: number }[]).map((q) => q.id);
}

/** The builder's item rows, top to bottom, as their data-testid. */
export const itemOrder = (page: Page) =>
  page
    .locator('[data-testid^="item-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));

/**
 * A diagnostic test of Class 8 in a new subject with the given chapters, and
 * a section for each chapter named in `sections` (in that order). Answers the
 * ids by name.
 */
export async function diagnosticTest(
  page: Page,
  server: RunningServer,
  spec: { name: string; subject: string; chapters: string[]; sections: string[] },
) {
  const grades = await apiOk(page, server, '/book/getgrades');
  const grade = grades.items.find((g: { name: string }) => g.name === 'Class 8');
  const subject = await apiOk(page, server, '/book/addsubject', {
    gradeId: grade.id,
    name: spec.subject,
  });
  const chapters: Record<string, number> = {};
  for (const name of spec.chapters)
    chapters[name] = (
      await apiOk(page, server, '/book/addchapter', { subjectId: subject.id, name })
    ).id;
  const test = await apiOk(page, server, '/promotional/adddiagnsotictest', {
    name: spec.name,
    gradeId: grade.id,
    subjectId: subject.id,
  });
  const sections: Record<string, number> = {};
  for (const name of spec.sections)
    sections[name] = (
      await apiOk(page, server, '/promotional/adddiagnosticpraticemap', {
        id: test.id,
        chapterId: chapters[name],
        name,
      })
    ).id;
  return {
    gradeId: grade.id as number,
    subjectId: subject.id as number,
    testId: test.id as number,
    chapters,
    sections,
  };
}
