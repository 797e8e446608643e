import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../errors.ts';

/**
 * The uploaded workbook's bytes, for `parseXlsxImport`: one multipart file
 * part of at most `maxBytes` (config.uploadMaxBytes.xlsx). exceljs needs the
 * whole zip anyway, and the cap keeps that buffer small; the zip-bomb guard
 * then bounds what it unpacks to.
 */
export async function readXlsxUpload(req: FastifyRequest, maxBytes: number): Promise<Buffer> {
  const tooLarge = new AppError(
    413,
    'file_too_large',
    `The file is larger than ${Math.round(maxBytes / 1048576)} MB`,
    undefined,
    { connection: 'close' },
  );
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + 64 * 1024) throw tooLarge;
  if (!req.isMultipart()) {
    throw new AppError(415, 'unsupported_media_type', 'Send the file as multipart/form-data');
  }
  const part = await req.file({ limits: { fileSize: maxBytes, files: 1 } });
  if (!part) throw badRequest('No file in the request');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge;
    throw err;
  }
}
