import type { Deps } from '../../../deps.ts';
import { bytesFile } from '../../../lib/file-answer.ts';
import { appendToZip } from '../../../lib/zip-writer.ts';
import { carriedSections, leftOutNote } from './carried.ts';
import { QTI_TYPES } from './qti/items.ts';
import { type PackageTest, qtiPackage } from './qti/package.ts';
import { QUML_FORMAT, qumlQuestionSet } from './quml/export.ts';

/**
 * Content that travels: a question selection or an assessment as a QTI 3.0
 * package (ZIP) or a QuML 1.1 question set (JSON), named `<name> QTI.zip`
 * or `<name> QuML.json`. Both formats go through carried.ts: questions the
 * format does not carry are refused, naming each, unless `leaveOut` is
 * 'uncarried'; then the QTI package holds a left-out.txt naming them (the
 * QuML set, its description).
 */

export const TRAVEL_FORMATS = { qti: 'QTI 3.0', quml: QUML_FORMAT } as const;
export const LEFT_OUT_FILE = 'left-out.txt';

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
  const carried = carriedSections(TRAVEL_FORMATS.qti, QTI_TYPES, test.sections, leaveOut);
  let zip = await qtiPackage(deps, { ...test, sections: carried.sections });
  if (carried.leftOut.length) {
    const note = leftOutNote(TRAVEL_FORMATS.qti, carried.leftOut);
    zip = appendToZip(zip, [{ name: LEFT_OUT_FILE, data: Buffer.from(`${note}\n`) }]);
  }
  return bytesFile(`${name} QTI.zip`, 'application/zip', zip);
}
