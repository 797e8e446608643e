import { okSchema, paginated } from './common.ts';
import { XLSX_UPLOAD } from './imports.ts';
import { qrAddressSchema } from './qr-address.ts';
import {
  bookQrCodesQuery,
  bookQrCodesResponse,
  downloadQrCodesQuery,
  generateQrBody,
  generateQrResponse,
  printBookQrQuery,
  printVideoQrQuery,
  qrBookSchema,
  qrBooksQuery,
  qrCodeSchema,
  qrCodesListQuery,
  qrStatusBody,
  retargetQrBody,
  uploadQrCodesQuery,
  uploadQrCodesResponse,
  videoQrBody,
} from './qr-codes.ts';
import { defineRoutes } from './route.ts';

/** QR codes' routes (shapes in qr-codes.ts): the spec's seven paths plus retarget, status and a list of codes without content. */
const common = { access: 'qr_codes', tag: 'qr-codes' } as const;

export const qrCodeRoutes = defineRoutes({
  generateQrCodes: {
    refuses: ['qr_address_not_public'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/generateqrcode',
    spec: true,
    summary:
      'Codes for a book: one per TOC node (all, or the chosen ones) that has none yet, or N spare codes (mode spare) to assign later; at most 1,000 per request',
    body: generateQrBody,
    response: generateQrResponse,
  },
  listQrBooks: {
    ...common,
    method: 'GET',
    path: '/book/listofqrcodeisbn',
    spec: true,
    summary:
      'Books that have QR codes, with their counts (codes, without content, disabled, scans)',
    query: qrBooksQuery,
    response: paginated(qrBookSchema),
  },
  bookQrCodes: {
    ...common,
    method: 'GET',
    path: '/book/getgenerateqrcodes',
    spec: true,
    summary: "A book's codes with their target, path in the TOC and scans",
    query: bookQrCodesQuery,
    response: bookQrCodesResponse,
  },
  printBookQrCodes: {
    refuses: ['qr_address_not_public'],
    ...common,
    method: 'GET',
    path: '/book/printaspdf',
    spec: true,
    summary:
      "A print-ready A4 PDF of a book's codes (all enabled ones, a batch, or the chosen ids): 21, 14 or 1 label per page",
    query: printBookQrQuery,
    download: true,
  },
  generateVideoQrCode: {
    refuses: ['qr_address_not_public'],
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/videoqrcode',
    spec: true,
    summary: 'A code for a video of the media library; 409 when the video already has one',
    body: videoQrBody,
    response: qrCodeSchema,
  },
  listVideoQrCodes: {
    ...common,
    method: 'GET',
    path: '/book/videoqrcodelist',
    spec: true,
    summary: 'Codes made for videos, with the video title and scans',
    query: qrCodesListQuery,
    response: paginated(qrCodeSchema),
  },
  printVideoQrCodes: {
    refuses: ['qr_address_not_public'],
    ...common,
    method: 'GET',
    path: '/book/printvideoqrpdf',
    spec: true,
    summary: 'A print-ready A4 PDF of video codes (all enabled ones or the chosen ids)',
    query: printVideoQrQuery,
    download: true,
  },
  qrCodeAddress: {
    ...common,
    method: 'GET',
    path: '/book/qrcodeaddress',
    summary:
      'The address printed codes encode (<PUBLIC_BASE_URL>/q/<code>) and whether codes may be generated and printed with it',
    response: qrAddressSchema,
  },
  listQrCodesWithoutContent: {
    ...common,
    method: 'GET',
    path: '/book/qrcodeswithoutcontent',
    summary:
      'Enabled codes whose scan finds nothing to open: spare codes, and targets without content',
    query: qrCodesListQuery,
    response: paginated(qrCodeSchema),
  },
  retargetQrCode: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/retargetqrcode',
    summary:
      'Point a code at another target (a book, one of its TOC nodes, or a video); the printed code stays the same',
    body: retargetQrBody,
    response: qrCodeSchema,
  },
  setQrCodeStatus: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/setqrcodestatus',
    summary: 'Disable a code (its scans show a friendly page) or enable it again',
    body: qrStatusBody,
    response: okSchema,
  },
  downloadQrCodes: {
    ...common,
    method: 'GET',
    path: '/book/downloadqrcodes',
    summary:
      "A book's codes as XLSX (code, target, target id, where it opens, enabled, ID, Updated at): edited and sent back to uploadqrcodes, it retargets, enables and disables them",
    query: downloadQrCodesQuery,
    download: true,
  },
  uploadQrCodes: {
    ...common,
    method: 'POST',
    audit: 'self',
    path: '/book/uploadqrcodes',
    summary:
      'The codes sheet sent back (multipart, field "file"): each row (by ID, or by its code) points that code at a target (book, node or video, by the retarget rules) and enables or disables it; codes are never made here; a row changed since the download is a problem; a dry run lists every changed cell from → to; dryRun=false applies all rows or none',
    query: uploadQrCodesQuery,
    response: uploadQrCodesResponse,
    upload: XLSX_UPLOAD,
  },
});
