import type { Usage } from '../../lib/usage.ts';

/**
 * What may use a question. Deleting a question that any of these counts
 * answers 409 naming them (docs/questions.md, "Usage"). Empty until the
 * assessments (practices, mock tests, diagnostic tests, video quizzes) add
 * their entry here, e.g.
 *
 *   QUESTION_USAGES.push({ singular: 'practice', plural: 'practices',
 *     count: (db, id) => …, where: (db, id) => … });
 *
 * from their own module, so this module never imports theirs.
 */
export const QUESTION_USAGES: Usage[] = [];
