import { z } from 'zod';
import { idParam, idSchema } from './common.ts';

/**
 * Printed QR codes are never orphaned in silence (docs/domain.md, "Printed
 * codes"): every write that deletes or replaces what printed codes point at
 * (a TOC node or chapter, a whole TOC, a video) names where those codes
 * point next, or says explicitly to leave them without content. Without the
 * choice, while such codes exist, the write answers 409 with
 * the code `printed_codes_need_a_target`, its message saying how many codes and their
 * scans in the last 30 days, its details one line per code.
 */
export const PRINTED_CODES_TO = ['parent', 'book', 'node', 'video', 'none'] as const;
export type PrintedCodesTo = (typeof PRINTED_CODES_TO)[number];

export const PRINTED_CODES_TO_LABELS: Record<PrintedCodesTo, string> = {
  parent: 'The parent node',
  book: 'The whole book',
  node: 'Another node',
  video: 'Another video',
  none: 'Leave them without content',
};

/** The choice as fields of a JSON body (spread into the body's object). */
export const printedCodesChoice = {
  /** Where codes pointing at what goes should point next; `none` leaves them without content. */
  qrCodesTo: z.enum(PRINTED_CODES_TO).optional(),
  /** The node (`node`) or video (`video`) they point at next. */
  qrCodesTargetId: idSchema.optional(),
};

/** The same choice as query parameters (a multipart upload's options). */
export const printedCodesChoiceQuery = {
  qrCodesTo: z.enum(PRINTED_CODES_TO).optional(),
  qrCodesTargetId: idParam.optional(),
};

export interface PrintedCodesChoice {
  qrCodesTo?: PrintedCodesTo | undefined;
  qrCodesTargetId?: number | undefined;
}

/** What a delete would leave without a target, for the question asked before it. */
export const printedCodesImpact = {
  /** Printed codes pointing at what goes. */
  qrCodes: z.number().int(),
  /** Their scans in the last 30 days. */
  qrScans30Days: z.number().int(),
};
