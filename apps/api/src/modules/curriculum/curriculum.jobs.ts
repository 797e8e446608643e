import { type ImportJobData, importJob } from '../../lib/import/job.ts';
import { type Input, importCurriculum } from './curriculum.import.ts';
import { importCurriculumWorkbook } from './curriculum.workbook-import.ts';

declare module '../../jobs/job.ts' {
  interface JobDataMap {
    'curriculum.import': ImportJobData<Input>;
    'curriculum.workbook-import': ImportJobData<Input>;
  }
}

/** A large curriculum import, run by a worker through the same entry point as the request. */
export const curriculumImportJob = importJob('curriculum.import', importCurriculum);

/** The same for the curriculum workbook sent back. */
export const curriculumWorkbookImportJob = importJob(
  'curriculum.workbook-import',
  importCurriculumWorkbook,
);
