import { type ImportJobData, importJob } from '../../lib/import/job.ts';
import { type Input, importToc } from './toc.xlsx.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'toc.import': ImportJobData<Input>;
  }
}

/** A large TOC import, run by a worker through the same entry point as the request. */
export const tocImportJob = importJob('toc.import', importToc);
