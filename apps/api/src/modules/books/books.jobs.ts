import { type ImportJobData, importJob } from '../../lib/import/job.ts';
import { type Input, importCatalog } from './books.import.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'books.import': ImportJobData<Input>;
  }
}

/** A large catalogue import, run by a worker through the same entry point as the request. */
export const catalogImportJob = importJob('books.import', importCatalog);
