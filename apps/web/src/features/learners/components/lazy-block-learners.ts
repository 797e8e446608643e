import { lazyDialog } from '../../../components/lazy-dialog.tsx';

/** The block dialog, downloaded when first opened (the list and a learner's page both offer it). */
export const BlockLearners = lazyDialog(() =>
  import('./block-learners.tsx').then((m) => m.BlockLearners),
);
