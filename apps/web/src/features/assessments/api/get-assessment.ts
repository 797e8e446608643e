import type { AssessmentKind } from '@bo/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasMath, loadKatex } from '../../../components/rich-text/render-rich-text.ts';
import { apiCall } from '../../../lib/api-client.ts';
import { recordIdOf } from '../../../lib/record-id.ts';
import type { ScreenPrefetch } from '../../../lib/screen-prefetch.ts';
import { KINDS } from '../kinds.ts';
import { assessmentKeys } from './assessment-keys.ts';

/** The assessment's id in an address (`:id`), or 0 when it cannot be one. */
export const assessmentIdOf = (param = '') => recordIdOf(param) ?? 0;

/** The kind's detail route (getquizbypractice, getmocktestdata…): header, sections, items. */
const readAssessment = (kind: AssessmentKind, id: number, signal: AbortSignal) =>
  apiCall(KINDS[kind].ops.detail, { query: { id }, signal });

export const assessmentQuery = (kind: AssessmentKind, id: number) =>
  queryOptions({
    queryKey: assessmentKeys.one(kind, id),
    queryFn: ({ signal }) => readAssessment(kind, id, signal),
  });

export function useAssessment(kind: AssessmentKind, id: number) {
  return useQuery(assessmentQuery(kind, id));
}

/**
 * The builder's read, started with its route (lib/screen-prefetch.ts) while
 * the builder's code still downloads. When the items hold formulas the read
 * also waits for KaTeX, so the first render of a long test draws them at
 * once: one render task instead of a render and a second one for the math.
 */
export const prefetchAssessment =
  (kind: AssessmentKind): ScreenPrefetch =>
  (prefetch, params) => {
    const id = assessmentIdOf(params.id);
    if (id === 0) return;
    const query = assessmentQuery(kind, id);
    prefetch({
      ...query,
      queryFn: async ({ signal }) => {
        const a = await readAssessment(kind, id, signal);
        const texts = a.items.flatMap((i) => [i.question?.stem ?? '', i.instruction ?? '']);
        // A failed KaTeX download leaves the formulas as source text, as elsewhere.
        if (texts.some(hasMath)) await loadKatex().catch(() => {});
        return a;
      },
    });
  };
