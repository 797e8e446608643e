import type { Deps } from '../../../deps.ts';
import { bytesFile } from '../../../lib/file-answer.ts';
import { type PackageTest, qtiPackage } from './qti/package.ts';
import { QUML_FORMAT, qumlQuestionSet } from './quml/export.ts';

/**
 * Content that travels: a question selection or an assessment as a QTI 3.0
 * package (ZIP) or a QuML 1.1 question set (JSON), named `<name> QTI.zip`
 * or `<name> QuML.json`. Both formats go through carried.ts: questions the
 * format does not carry are refused, naming each, unless `leaveOut` is
 * 'uncarried'; then the QuML set's description names them. QTI carries
 * every type, so its package never leaves one out.
 */

export const TRAVEL_FORMATS = { qti: 'QTI 3.0', quml: QUML_FORMAT } as const;

export async function travellingFile(
  deps: Deps,
  format: keyof typeof TRAVEL_FORMATS,
  test: PackageTest,
  name: string,
  leaveOut?: 'uncarried',
) {
  if (format === 'quml') {
    const json = qumlQuestionSet(test, deps.config.publicBaseUrl, leaveOut);
    return bytesFile(`${name} QuML.json`, 'application/json', Buffer.from(JSON.stringify(json)));
  }
  // QTI carries every type (QTI_TYPES is a record of them all): nothing is left out.
  const zip = await qtiPackage(deps, test);
  return bytesFile(`${name} QTI.zip`, 'application/zip', zip);
}
