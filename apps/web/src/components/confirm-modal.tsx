import { lazyDialog } from './lazy-dialog.tsx';

/** The confirm dialog (confirm-dialog.tsx), loaded when first opened. */
export const ConfirmModal = lazyDialog(() =>
  import('./confirm-dialog.tsx').then((m) => m.ConfirmDialog),
);
