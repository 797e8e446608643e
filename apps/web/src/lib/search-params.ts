import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';

type Patch = Record<string, string | number | null | undefined>;

/** A change to the URL list state; empty values remove the parameter. */
export type ListPatch = Patch;
/** How a screen writes its list state: `useListParams(...).update`. */
export type ListUpdate = (patch: ListPatch, options?: { replace?: boolean }) => void;

/** Whether any of `keys` holds a value: a filtered list says "No … match", not "No … yet". */
export function hasFilters(values: object, keys: readonly string[]): boolean {
  const record = values as Record<string, unknown>;
  return keys.some(
    (key) => record[key] !== undefined && record[key] !== null && record[key] !== '',
  );
}

/**
 * Reads list filters from the URL through a contract query schema, so a
 * shared or bookmarked link shows the same page. A value the schema rejects
 * (a hand-edited `?page=abc`) is dropped instead of breaking the screen.
 */
export function parseSearchParams<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): z.output<S> {
  const raw: Record<string, string> = Object.fromEntries(params);
  const first = schema.safeParse(raw);
  if (first.success) return first.data;
  for (const issue of first.error.issues) delete raw[String(issue.path[0])];
  const second = schema.safeParse(raw);
  return second.success ? second.data : schema.parse({});
}

/**
 * List state kept in the URL. Changing any filter goes back to page 1; empty
 * values are removed so URLs stay short.
 */
export function useListParams<S extends z.ZodObject>(schema: S) {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => parseSearchParams(schema, params), [schema, params]);

  const update = useCallback(
    (patch: Patch, options: { replace?: boolean } = {}) => {
      setParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === null || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace: options.replace },
      );
    },
    [setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams()), [setParams]);

  return { values, params, update, reset };
}
