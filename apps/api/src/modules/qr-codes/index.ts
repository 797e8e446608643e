// The qr-codes module's public face: what other modules may import from it
// (docs/layers.md). Everything else in this folder is its own business.

export { qrCodeBulkEdit } from './qr-codes.bulk-edit.ts';
export { insertCodes, type NewCode } from './qr-codes.codes.ts';
export { codesByIds } from './qr-codes.queries.ts';
