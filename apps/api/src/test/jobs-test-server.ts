/**
 * The real server (src/server.ts) with one extra job kind for the process
 * tests of the job queue (src/jobs/queue.process.test.ts).
 */
import { JOBS } from '../jobs/registry.ts';
import { effectJob } from './jobs.effect-kind.ts';

JOBS.push(effectJob);
await import('../server.ts');
