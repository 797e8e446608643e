import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/download{subjects,chapters,topics}: the list as XLSX, saved under the server's name. */
export const downloadSubjects = (gradeId: number) =>
  downloadFile(curriculumRoutes.downloadSubjects, { query: { gradeId } }, 'subjects.xlsx');
export const downloadChapters = (subjectId: number) =>
  downloadFile(curriculumRoutes.downloadChapters, { query: { subjectId } }, 'chapters.xlsx');
export const downloadTopics = (chapterId: number) =>
  downloadFile(curriculumRoutes.downloadTopics, { query: { chapterId } }, 'topics.xlsx');
