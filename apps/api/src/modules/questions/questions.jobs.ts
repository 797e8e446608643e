import { type ImportJobData, importJob } from '../../lib/import/job.ts';
import { type Input, importQuestions } from './formats/import.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'questions.import': ImportJobData<Input>;
  }
}

/** A large question import, run by a worker through the same entry point as the request. */
export const questionImportJob = importJob('questions.import', importQuestions);
