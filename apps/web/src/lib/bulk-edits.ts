import type { BulkEdit } from '@bo/contract';
import { bulkEditRoutes } from '@bo/contract/bulk-edits';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, postCall } from './api-client.ts';

/**
 * A bulk edit as every list and the jobs screen follow it
 * (docs/bulk-edits.md): its record, polled while its job (or its undo's)
 * runs, and its undo. Each list starts its own kind's edit.
 */

/** States after which a bulk edit changes no more unless it is undone. */
export const isBulkEditSettled = (state: BulkEdit['state']) =>
  state !== 'queued' && state !== 'running' && state !== 'undoing';

/** GET /bulk-edits/status */
export const getBulkEdit = (id: number, signal?: AbortSignal) =>
  apiCall(bulkEditRoutes.getBulkEdit, { query: { id }, signal });

const bulkEditKey = (id: number | undefined) => ['bulk-edits', id] as const;

/** One bulk edit, polled every second until it settles. */
export function useBulkEdit(id: number | undefined) {
  return useQuery({
    queryKey: bulkEditKey(id),
    queryFn: ({ signal }) => getBulkEdit(id!, signal),
    enabled: id !== undefined,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state && isBulkEditSettled(state) ? false : 1000;
    },
  });
}

/** POST /bulk-edits/undo: queues the undo; follow it with useBulkEdit. */
export const undoBulkEdit = postCall(bulkEditRoutes.undoBulkEdit);
export function useUndoBulkEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoBulkEdit,
    // The edit is followed again: its record now says `undoing` and is polled until `undone`.
    onSuccess: (undoing) => {
      queryClient.setQueryData(bulkEditKey(undoing.id), undoing);
      void queryClient.invalidateQueries({ queryKey: bulkEditKey(undoing.id) });
    },
  });
}

/** Undo is offered until `undoableUntil`: a day after the edit ran. */
export const canUndo = (edit: Pick<BulkEdit, 'undoableUntil'>, now = Date.now()) =>
  edit.undoableUntil !== null && Date.parse(edit.undoableUntil) > now;

/**
 * The list's search and filters as a bulk edit's "all that match" takes
 * them: the list's own query parameters, as text, without paging and order.
 */
export function filterOfList(values: Record<string, unknown>): Record<string, string> {
  const { page: _p, pageSize: _s, sort: _o, order: _d, ...filters } = values;
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== null && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}
