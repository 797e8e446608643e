import { routes } from '@bo/contract';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/download{subjects,chapters,topics}: the list as XLSX, saved under the server's name. */
export const downloadSubjects = (gradeId: number) =>
  downloadFile(routes.downloadSubjects, { query: { gradeId } }, 'subjects.xlsx');
export const downloadChapters = (subjectId: number) =>
  downloadFile(routes.downloadChapters, { query: { subjectId } }, 'chapters.xlsx');
export const downloadTopics = (chapterId: number) =>
  downloadFile(routes.downloadTopics, { query: { chapterId } }, 'topics.xlsx');
