import { routes } from '@bo/contract';
import { downloadFile } from '../../../lib/download.ts';

/** GET /book/curriculumtemplate: the masters upload's headers with example rows. */
export const downloadCurriculumTemplate = () =>
  downloadFile(routes.curriculumTemplate, {}, 'Curriculum template.xlsx');
