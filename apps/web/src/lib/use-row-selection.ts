import { useState } from 'react';

/**
 * The rows picked in a list, cleared when the list's page, filters or sort
 * change: a selection of rows no longer shown would surprise (an action
 * would reach rows the admin cannot see).
 */
export function useRowSelection<T>(listValues: unknown) {
  const [selected, setSelected] = useState<T[]>([]);
  const key = JSON.stringify(listValues);
  const [selectionKey, setSelectionKey] = useState(key);
  if (selectionKey !== key) {
    setSelectionKey(key);
    setSelected([]);
  }
  return [selected, setSelected] as const;
}
