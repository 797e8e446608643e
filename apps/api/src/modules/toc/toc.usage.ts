import type { Db, Tx } from '../../db/client.ts';

/**
 * What later features hang on TOC nodes, counted for a subtree about to be
 * deleted (the delete's impact, shown before and audited after). Each feature
 * that attaches rows to nodes sets its counter here when it is loaded, so the
 * TOC module never reads their tables; a counter not set counts 0.
 */
export const TOC_SUBTREE_COUNTS: {
  practices?: (db: Db | Tx, nodeIds: number[]) => Promise<number>;
} = {};
