import { mailJob } from '../mail/mail.jobs.ts';
import { fileSweepJob } from '../modules/files/files.jobs.ts';
import type { JobKind } from './job.ts';

/** Every job kind the product runs: each lives beside its feature. Later features add a line. */
export const JOBS: JobKind[] = [mailJob, fileSweepJob];
