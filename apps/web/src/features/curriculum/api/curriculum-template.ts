import { curriculumRoutes } from '@bo/contract/curriculum-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/curriculumtemplate: the masters upload's headers with example rows. */
export const downloadCurriculumTemplate = () =>
  downloadFile(curriculumRoutes.curriculumTemplate, {}, 'Curriculum template.xlsx');
