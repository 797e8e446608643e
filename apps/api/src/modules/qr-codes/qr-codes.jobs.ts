import { count, eq } from 'drizzle-orm';
import { qrBatches, qrCodes } from '../../db/schema/index.ts';
import { defineJob } from '../../jobs/job.ts';
import { type ImportJobData, importJob } from '../../lib/import/job.ts';
import { lockBookRow } from '../books/index.ts';
import { insertCodes } from './qr-codes.codes.ts';
import { type Input, importQrCodes } from './qr-codes.import.ts';
import { nodesToCode } from './qr-codes.service.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    /** nodeIds: the nodes chosen for codes; null: spare codes up to the batch's count. */
    'qr.generate': { batchId: number; bookId: number; nodeIds: number[] | null };
    'qr-codes.import': ImportJobData<Input>;
  }
}

const CHUNK = 100;

/**
 * A large generation (more than QR_JOB_FROM codes), made 100 codes per
 * transaction with progress. Idempotent: each chunk is counted from what is
 * stored, spare codes up to the batch's count and node codes for the nodes
 * still without one, so a second run makes only what the first did not.
 */
export const qrGenerateJob = defineJob({
  kind: 'qr.generate',
  retryLimit: 2,
  async run(data, ctx) {
    const { db } = ctx.deps;
    const [batch] = await db.select().from(qrBatches).where(eq(qrBatches.id, data.batchId));
    if (!batch) return { created: 0 };
    let created = 0;
    for (;;) {
      if (ctx.signal.aborted) throw ctx.signal.reason;
      const made = await db.transaction(async (tx) => {
        if (!(await lockBookRow(tx, data.bookId))) return 0;
        let entries: Parameters<typeof insertCodes>[3];
        if (data.nodeIds) {
          const { todo } = await nodesToCode(tx, data.bookId, data.nodeIds);
          entries = todo.slice(0, CHUNK).map((id) => ({
            bookId: data.bookId,
            targetKind: 'toc_node' as const,
            tocNodeId: id,
            videoId: null,
          }));
        } else {
          const [row] = await tx
            .select({ n: count() })
            .from(qrCodes)
            .where(eq(qrCodes.batchId, data.batchId));
          const left = Math.min(CHUNK, batch.count - (row?.n ?? 0));
          entries = Array.from({ length: Math.max(0, left) }, () => ({
            bookId: data.bookId,
            targetKind: null,
            tocNodeId: null,
            videoId: null,
          }));
        }
        if (!entries.length) return 0;
        return (await insertCodes(tx, data.batchId, ctx.by, entries)).length;
      });
      if (made === 0) break;
      created += made;
      await ctx.progress(
        Math.min(99, Math.round((created / batch.count) * 100)),
        `Generated ${created} of ${batch.count} codes`,
      );
    }
    return { created };
  },
});

/**
 * A large codes sheet, run by a worker through the same entry point as the
 * request. Scans see its changes within the scan cache's time to live
 * (qr-codes.scan-cache.ts): the cache the request would empty lives in the
 * API process.
 */
export const qrImportJob = importJob('qr-codes.import', importQrCodes);
