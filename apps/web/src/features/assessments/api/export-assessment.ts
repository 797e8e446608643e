import type { AssessmentKind } from '@bo/contract';
import { downloadFile } from '../../../lib/download.ts';
import { KINDS } from '../kinds.ts';

export type AssessmentExportFormat = 'qti' | 'quml';

/**
 * The assessment with its sections as a QTI 3.0 package (ZIP) or Sunbird
 * QuML 1.1 JSON; `leaveOut` leaves out the questions the format does not
 * carry (refused, each named, without it).
 */
export const exportAssessment = (
  kind: AssessmentKind,
  id: number,
  format: AssessmentExportFormat,
  leaveOut?: 'uncarried',
) =>
  downloadFile(
    KINDS[kind].ops.exportContent,
    { query: { id, format, leaveOut } },
    format === 'qti' ? 'Assessment QTI.zip' : 'Assessment QuML.json',
  );
