import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/downloadcurriculum: every subject, chapter and topic, a sheet per level. */
export const downloadCurriculumWorkbook = () =>
  downloadFile(curriculumRoutes.downloadCurriculumWorkbook, {}, 'Curriculum.xlsx');
