import type { RouteQueryInput } from '@bo/contract';
import { learnerRoutes } from '@bo/contract/learners-routes';
import { downloadFile } from '../../../lib/download.ts';

/** GET /user/exportusers: the list's learners (same search, filters, sort) as XLSX. */
export const exportLearners = (query: RouteQueryInput<typeof learnerRoutes.exportLearners>) =>
  downloadFile(learnerRoutes.exportLearners, { query }, 'Learners.xlsx');
