import { AUDIENCE_SAMPLE_SIZE, type Audience, type AudienceCount } from '@bo/contract';
import { asc, eq } from 'drizzle-orm';
import { grades, learners } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { audienceCondition, countAudience, resolveAudience } from '../../lib/audience.ts';

/** `/mail/getusersbycategory`: an audience's size, a sample, and a pasted list's unknown entries. */
export async function describeAudience(deps: Deps, audience: Audience): Promise<AudienceCount> {
  const now = deps.clock();
  const { audience: resolved, unknown } = await resolveAudience(deps.db, audience);
  const [count, sample] = await Promise.all([
    countAudience(deps.db, resolved, now),
    deps.db
      .select({
        id: learners.id,
        name: learners.name,
        email: learners.email,
        gradeName: grades.name,
        city: learners.city,
        state: learners.state,
      })
      .from(learners)
      .leftJoin(grades, eq(grades.id, learners.gradeId))
      .where(audienceCondition(resolved, now))
      .orderBy(asc(learners.id))
      .limit(AUDIENCE_SAMPLE_SIZE),
  ]);
  return { count, sample, unknown };
}
