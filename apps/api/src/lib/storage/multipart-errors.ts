import type { UploadDef } from '@bo/contract';
import type { MultipartFile } from '@fastify/multipart';
import { AppError, issueDetails } from '../errors.ts';

/**
 * What goes wrong in a multipart body, in words: busboy's and the plugin's
 * errors (no boundary, a boundary that never appears, a body cut off before
 * its closing boundary) all mean the same to the sender — the upload did not
 * arrive whole — and are a 400, never a 500. Coded errors pass through.
 */
export function malformed(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(400, 'multipart_too_many_parts', 'Send one file and only its form fields');
  }
  return new AppError(
    400,
    'multipart_malformed',
    'The upload did not arrive whole (the multipart body is cut off or has no valid boundary); send the file again',
  );
}

/** The fields sent before the file, checked by the route's schema (400 with every bad field). */
export function parseFields(
  def: UploadDef,
  part: MultipartFile,
): { ok: true; value: Record<string, unknown> } | { ok: false; error: AppError } {
  const raw = Object.fromEntries(
    Object.entries(part.fields).flatMap(([k, v]) =>
      v && !Array.isArray(v) && v.type === 'field' ? [[k, String(v.value)]] : [],
    ),
  );
  if (!def.fields) return { ok: true, value: {} };
  const parsed = def.fields.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data as Record<string, unknown> };
  const details = issueDetails(parsed.error.issues);
  const names = [...new Set(details.map((d) => d.path.slice(5)))].join(', ');
  return {
    ok: false,
    error: new AppError(
      400,
      'validation_failed',
      `Check the form fields (${names}); they go before the file`,
      details,
    ),
  };
}
