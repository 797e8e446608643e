import { useMutation, useQueryClient } from '@tanstack/react-query';
import { undoBulkEdit } from '../../../lib/bulk-edits.ts';
import { jobKeys } from './list-jobs.ts';

/** POST /bulk-edits/undo from the jobs screen: the undo is a job of its own, listed at once. */
export function useUndoBulkEditJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoBulkEdit,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobKeys.all }),
  });
}
