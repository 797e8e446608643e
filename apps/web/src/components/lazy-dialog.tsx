import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A dialog whose code loads when it is first rendered. Screens render their
 * dialogs only while open, so the form, import and confirm dialogs (and the
 * Mantine modal, form and dropzone code under them) stay out of the screen's
 * first download; the few milliseconds of loading show nothing, as a closed
 * dialog would.
 */
export function lazyDialog<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Dialog = lazy(async () => ({ default: await load() }));
  return function LazyDialog(props: P) {
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
