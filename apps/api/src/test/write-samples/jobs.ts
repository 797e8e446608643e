import { post, type Samples, type World } from './kit.ts';

/** A job that will not run on its own (an hour away), then cancelled: one a retry may revive. */
async function cancelledJob(w: World) {
  const { jobs, db } = w.t.app.deps;
  const id = await jobs.enqueue(db, 'files.sweep', {}, { startAfterSeconds: 3600 });
  await jobs.boss.cancel('files.sweep', id);
  return id;
}

/** The jobs screen's retry. */
export const jobsSamples = {
  retryJob: async (w) => post('/jobs/retry', { id: await cancelledJob(w) }, w.token),
} satisfies Samples;
