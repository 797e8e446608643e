import { count, eq } from 'drizzle-orm';
import { promoVideos } from '../../db/schema/index.ts';
import { MEDIA_USAGES } from '../media/index.ts';

/** A video shown as a promo video cannot be deleted from the library (409 names the promo). */
MEDIA_USAGES.push({
  singular: 'promo video',
  plural: 'promo videos',
  kinds: ['video'],
  async count(db, id) {
    const [row] = await db
      .select({ n: count() })
      .from(promoVideos)
      .where(eq(promoVideos.videoId, id));
    return row?.n ?? 0;
  },
  async where(db, id) {
    const rows = await db
      .select({ title: promoVideos.title })
      .from(promoVideos)
      .where(eq(promoVideos.videoId, id))
      .orderBy(promoVideos.position)
      .limit(3);
    return rows.map((r) => `promo "${r.title}"`);
  },
});
