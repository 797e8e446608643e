import {
  type AssessmentKind,
  allows,
  type ModuleKey,
  type PaletteKind,
  type PaletteResponse,
  type PaletteResult,
  type paletteQuery,
} from '@bo/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { AuthAdmin } from '../../plugins/auth-guard.ts';
import {
  searchAdmins,
  searchAssessments,
  searchBooks,
  searchLearners,
  searchQuestions,
} from './search.queries.ts';

/** The module that opens each assessment kind's screens and routes (the contract's routes). */
const ASSESSMENT_MODULES: Record<AssessmentKind, ModuleKey> = {
  practice: 'practices',
  mock_test: 'mock_tests',
  diagnostic: 'diagnostic_tests',
  video_quiz: 'promotional',
};

/** The module a kind needs: the one its own list route is guarded by. */
const KIND_MODULES: Record<Exclude<PaletteKind, 'assessment'>, ModuleKey> = {
  book: 'books',
  question: 'questions',
  learner: 'learners',
  admin: 'admins',
};

type Search = (db: Db, q: string, limit: number) => Promise<PaletteResult[]>;

/**
 * The searches this admin may run, in the palette's order. A kind whose
 * module the admin lacks is left out here, so it is never queried, whatever
 * the web app asks: the route is open to any session, the check is this.
 */
export function searchesFor(admin: Pick<AuthAdmin, 'role' | 'modules'>) {
  const searches: [PaletteKind, Search][] = [];
  const may = (kind: Exclude<PaletteKind, 'assessment'>) => allows(admin, KIND_MODULES[kind]);
  if (may('book')) searches.push(['book', searchBooks]);
  if (may('question')) searches.push(['question', searchQuestions]);
  const kinds = (Object.keys(ASSESSMENT_MODULES) as AssessmentKind[]).filter((k) =>
    allows(admin, ASSESSMENT_MODULES[k]),
  );
  if (kinds.length > 0) {
    searches.push(['assessment', (db, q, limit) => searchAssessments(db, q, kinds, limit)]);
  }
  if (may('learner')) searches.push(['learner', searchLearners]);
  if (may('admin')) searches.push(['admin', searchAdmins]);
  return searches;
}

/**
 * Every allowed kind at once: on PostgreSQL each query takes its own pooled
 * connection, so the answer waits for the slowest kind, not for their sum.
 */
export async function searchPalette(
  db: Db,
  admin: AuthAdmin,
  query: z.infer<typeof paletteQuery>,
): Promise<PaletteResponse> {
  const searches = searchesFor(admin);
  const results = await Promise.all(searches.map(([, run]) => run(db, query.q, query.limit)));
  return { groups: searches.map(([kind], i) => ({ kind, results: results[i]! })) };
}
