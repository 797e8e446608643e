import type { Sample, WriteRoute } from './kit.ts';
import * as modules from './modules.ts';

export { freshIsbn, type World, type WriteCall, type WriteRoute } from './kit.ts';

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (u: infer I) => void
  ? I
  : never;
/** The samples of every module listed in modules.ts, as one object. */
type AllSamples = Intersection<(typeof modules)[keyof typeof modules]>;

function gather(): AllSamples {
  const all: Record<string, Sample> = {};
  for (const [name, samples] of Object.entries(modules)) {
    for (const [route, sample] of Object.entries(samples)) {
      if (route in all) throw new Error(`${name} gives a second sample for ${route}`);
      all[route] = sample;
    }
  }
  return all as AllSamples;
}

/**
 * A valid, successful call of every write route, built on a fresh world. The
 * type makes a new write route without a sample a compile error, and the
 * audit walk (audit-walk.test.ts) fails on it too.
 */
export const WRITE_SAMPLES: Record<WriteRoute, Sample> = gather();
