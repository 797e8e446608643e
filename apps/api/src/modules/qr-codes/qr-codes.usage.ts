import { count, eq } from 'drizzle-orm';
import { qrCodes } from '../../db/schema/index.ts';
import { MEDIA_USAGES } from '../media/media.usage.ts';

/** A video with a QR code cannot be deleted: the code may be printed (409 names it). */
MEDIA_USAGES.push({
  singular: 'QR code',
  plural: 'QR codes',
  kinds: ['video'],
  async count(db, id) {
    const [row] = await db.select({ n: count() }).from(qrCodes).where(eq(qrCodes.videoId, id));
    return row?.n ?? 0;
  },
  async where(db, id) {
    const rows = await db
      .select({ code: qrCodes.code })
      .from(qrCodes)
      .where(eq(qrCodes.videoId, id))
      .limit(3);
    return rows.map((r) => `code ${r.code}`);
  },
});
