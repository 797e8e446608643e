import {
  type ErrorCode,
  IMPORT_REFUSALS,
  IMPORT_TOO_LARGE,
  LEARNER_APP_KEY_HEADER,
  type RouteDef,
  routes,
} from '@bo/contract';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { withUploadBodies } from '../lib/storage/upload-openapi.ts';

/**
 * OpenAPI 3 generated from the contract's zod schemas: /api/docs and
 * /api/docs/json. Schemas the contract names (`.meta({ id })`: the recursive
 * TocNode, the Error answer) become components that `$ref`s point at; every
 * operation documents the error answers it can give, derived from the route.
 */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Publisher back-office API',
        version: '1.0.0',
        description:
          'Every route, its module and its shapes come from packages/contract. Errors answer { message, code, details? }.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          learnerAppKey: { type: 'apiKey', in: 'header', name: LEARNER_APP_KEY_HEADER },
        },
      },
    },
    transform: withUploadBodies(withErrorAnswers),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Keep the strictness of item 25 on the docs pages too.
    transformStaticCSP: (header) =>
      header
        .replace("base-uri 'self'", "base-uri 'none'")
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(' upgrade-insecure-requests;', ''),
  });
}

const byName = new Map<string, RouteDef>(Object.entries(routes));

const withErrorAnswers: SwaggerTransform = (input) => {
  const out = jsonSchemaTransform(input) as {
    schema: Record<string, unknown>;
    url: string;
  };
  const name = (input.route?.config as { routeName?: string } | undefined)?.routeName;
  const def = name ? byName.get(name) : undefined;
  if (!def || out.schema.hide) return out;
  const errors = Object.fromEntries(
    Object.entries(errorAnswers(def)).map(([status, { description, codes }]) => [
      status,
      // The Error shape, its `code` narrowed to the codes this status carries here.
      {
        description: `${description}. Codes: ${codes.join(', ')}`,
        allOf: [
          { $ref: '#/components/schemas/Error' },
          { type: 'object', properties: { code: { type: 'string', enum: codes } } },
        ],
      },
    ]),
  );
  out.schema.response = { ...(out.schema.response as object), ...errors };
  return out;
};

export interface ErrorAnswer {
  description: string;
  codes: ErrorCode[];
}

/**
 * The error answers a route can give, by status, each `{ message, code,
 * details? }` with one of `codes`: derived from the route's entry in the
 * table (its access, method, upload, body), never listed by hand.
 */
export function errorAnswers(def: RouteDef): Record<number, ErrorAnswer> {
  const out: Record<number, ErrorAnswer> = {};
  const add = (status: number, description: string, codes: ErrorCode[]) => {
    const had = out[status];
    out[status] = had
      ? { description: had.description, codes: [...new Set([...had.codes, ...codes])] }
      : { description, codes };
  };
  const signIn = def.access === 'public' && def.tag === 'auth' && def.method === 'POST';
  const signedLink = def.access === 'public' && def.download;
  add(400, 'Invalid request: details name each refused field (`body.title`, `querystring.id`)', [
    'validation_failed',
    'malformed_request',
    'bad_request',
  ]);
  if (def.access === 'learner_app')
    add(401, 'The learner app’s key (or learner token) is missing, wrong or expired', [
      'unauthenticated',
      'invalid_app_key',
      ...(def.path.startsWith('/app/') ? LEARNER_TOKEN_CODES : []),
    ]);
  else if (def.access !== 'public')
    add(401, 'Not signed in, or the token is wrong or expired', [
      'unauthenticated',
      'invalid_token',
      'token_expired',
      'session_expired',
    ]);
  if (signIn) {
    add(401, 'The credentials or code are wrong or expired', [
      'invalid_credentials',
      'invalid_otp',
      'otp_expired',
    ]);
    add(400, 'Invalid request', ['invalid_link']);
    add(429, 'Too many tries: wait (Retry-After) or reset the password', [
      'too_many_requests',
      'otp_resend_limit',
    ]);
  }
  if (def.access !== 'public' && def.access !== 'session' && def.access !== 'learner_app')
    add(403, 'Signed in without access to this module', ['forbidden']);
  if (signedLink) add(403, 'The signed link is invalid or expired', ['invalid_file_link']);
  if (def.access !== 'public' || signedLink)
    add(404, 'Something the request names does not exist', ['not_found']);
  if (def.download) add(416, 'The requested range is outside the file', ['range_not_satisfiable']);
  if (def.method === 'POST') {
    add(408, 'The request body arrived too slowly', ['request_timeout']);
    if (def.access !== 'public' && def.tag !== 'auth')
      add(409, 'In conflict with the current data (taken, in use, or changed meanwhile)', [
        'conflict',
        ...(takesPrintedCodesChoice(def) ? (['printed_codes_need_a_target'] as const) : []),
      ]);
    add(413, 'The body or file is larger than allowed', ['body_too_large']);
    add(415, 'The body or file is of a type this route does not take', ['unsupported_media_type']);
    add(507, 'The storage is full: nothing was saved', ['storage_full']);
  }
  if (def.upload) {
    add(400, 'Invalid request', ['multipart_malformed', 'multipart_too_many_parts', 'not_utf8']);
    add(413, 'The body or file is larger than allowed', ['file_too_large']);
    const kinds = def.upload.kinds;
    if (kinds.includes('xlsx') || kinds.includes('zip') || kinds.includes('text')) {
      // An import: the file read, then every row checked (all or nothing).
      add(400, 'Invalid request', [...IMPORT_REFUSALS]);
      add(413, 'The body or file is larger than allowed', [...IMPORT_TOO_LARGE]);
      add(429, 'Too many imports run now: try again shortly', ['imports_busy']);
    }
  }
  add(500, 'A fault on the server’s side (its request id is in the log)', ['internal']);
  add(503, 'The database cannot be reached just now; nothing was changed', [
    'database_unavailable',
  ]);
  return out;
}

const LEARNER_TOKEN_CODES: ErrorCode[] = [
  'learner_token_required',
  'invalid_learner_token',
  'learner_token_expired',
  'learner_token_mismatch',
];

/** A write that may orphan printed QR codes takes the choice of where they point next. */
function takesPrintedCodesChoice(def: RouteDef): boolean {
  const shape = (def.body as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && 'qrCodesTo' in shape;
}
