import { useRef, useState } from 'react';
import { notifyError } from './notify.ts';
import { inOrder } from './ordering.ts';

/**
 * A column's items shown in their new order from the moment of the drop (or
 * the move), while `onReorder` saves it; a refused or failed save drops the
 * optimistic order, so the list returns to the server's, with a toast. On
 * success the mutation has already refetched the lists before it resolves.
 */
export function useOptimisticOrder<T extends { id: number; name: string }>(
  items: T[] | undefined,
  onReorder: ((ids: number[]) => Promise<unknown>) | undefined,
) {
  const [pending, setPending] = useState<number[] | null>(null);
  // Only the latest reorder clears the optimistic order.
  const latest = useRef(0);

  const reorder = async (ids: number[], moved: T) => {
    if (!onReorder) return;
    const mine = ++latest.current;
    setPending(ids);
    try {
      await onReorder(ids);
    } catch (e) {
      notifyError(e, `Could not move ${moved.name}`);
    } finally {
      if (mine === latest.current) setPending(null);
    }
  };

  return { ordered: items && inOrder(items, pending), reorder, saving: pending !== null };
}
