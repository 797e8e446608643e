import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/**
 * The name of what a detail screen shows (a book's title, a learner's name),
 * for the last breadcrumb instead of the route's fixed word ("Book"). The
 * route table knows only the word; the screen knows the name once its read
 * has answered, so it says it here and the breadcrumbs read it. Tied to the
 * path it was said on, so another screen never shows a stale name.
 */
let current: { path: string; label: string } | null = null;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Names the current screen in the breadcrumbs while it is shown; undefined until known. */
export function usePageCrumb(label: string | undefined) {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!label) return;
    const said = { path: pathname, label };
    current = said;
    emit();
    return () => {
      if (current === said) {
        current = null;
        emit();
      }
    };
  }, [pathname, label]);
}

/** The name said for `pathname`, if its screen has said one. */
export function usePageCrumbFor(pathname: string): string | undefined {
  const said = useSyncExternalStore(subscribe, () => current);
  return said?.path === pathname ? said.label : undefined;
}
