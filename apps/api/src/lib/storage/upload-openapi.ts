import type { UploadDef } from '@bo/contract';
import { z } from 'zod';
import { ALLOWED_TYPES } from './upload.ts';

/**
 * The OpenAPI request body of a route that declares `upload`: multipart with
 * its fields (in order, before the file) and the file as binary. The route
 * itself has no body schema (the multipart reader parses it), so this is
 * added to the document only.
 */
export function uploadRequestBody(def: UploadDef) {
  const fields = def.fields
    ? (z.toJSONSchema(def.fields, {
        io: 'input',
        target: 'openapi-3.0',
        unrepresentable: 'any',
      }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      })
    : {};
  const types = [...new Set(def.kinds.flatMap((k) => ALLOWED_TYPES[k]))].join(', ');
  return {
    type: 'object',
    properties: {
      ...fields.properties,
      [def.field]: {
        type: 'string',
        format: 'binary',
        description: `The file, last: ${def.kinds.join(', ')} by content (${types})`,
      },
    },
    required: [...(fields.required ?? []), def.field],
  };
}

type Transform = (doc: {
  schema: Record<string, unknown>;
  url: string;
  route?: { config?: { upload?: UploadDef } };
}) => { schema: Record<string, unknown>; url: string };

/** Wraps the zod transform of @fastify/swagger: upload routes get their multipart body. */
export function withUploadBodies<T>(transform: T): T {
  const inner = transform as unknown as Transform;
  const wrapped: Transform = (doc) => {
    const out = inner(doc);
    const upload = doc.route?.config?.upload;
    if (!upload || out.schema.hide) return out;
    return {
      ...out,
      schema: {
        ...out.schema,
        consumes: ['multipart/form-data'],
        body: uploadRequestBody(upload),
      },
    };
  };
  return wrapped as unknown as T;
}
