import type { questionRoutes } from '@bo/contract';
import type { Deps } from '../../deps.ts';
import type { Handlers } from '../../lib/register-routes.ts';
import { exportQuestions, questionTemplate } from './formats/export.ts';
import { uploadQuestions } from './formats/import.ts';

type Routes = Pick<
  typeof questionRoutes,
  'questionImport' | 'questionImportTemplate' | 'exportQuestions'
>;

/** The file formats: the import (XLSX, ZIP, Moodle XML, GIFT, Aiken), its template, the exports. */
export function questionFormatHandlers(deps: Deps): Handlers<Routes> {
  return {
    questionImport: ({ query, admin, ctx, upload }) =>
      uploadQuestions(
        deps,
        {
          ctx,
          actor: admin,
          fileName: upload.file.originalName,
          ...(query.format ? { format: query.format } : {}),
        },
        upload.file,
        query,
      ),
    questionImportTemplate: () => questionTemplate(),
    exportQuestions: ({ query }) => exportQuestions(deps, query),
  };
}
