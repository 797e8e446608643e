import type { questionRoutes } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import type { Handlers } from '../../lib/register-routes.ts';
import { listQuestions, questionTags } from './questions.list.ts';

type Routes = Pick<typeof questionRoutes, 'listQuestions' | 'filteredQuestions' | 'questionTags'>;

/**
 * The list and the assessment builders' picker are one list (the picker is
 * open to the assessment modules and mostly adds `notInAssessment`); tags
 * feed the editor's tag input and the list's tag filter.
 */
export function questionListHandlers(deps: Deps): Handlers<Routes> {
  const list = ({ query }: { query: Parameters<typeof listQuestions>[1] }) =>
    listQuestions(deps.db, query, deps.config.questionListExactTotal);
  return {
    listQuestions: list,
    filteredQuestions: list,
    questionTags: async ({ query }) => ({ items: await questionTags(deps.db, query) }),
  };
}
