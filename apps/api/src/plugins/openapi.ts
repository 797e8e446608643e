import { LEARNER_APP_KEY_HEADER, type RouteDef, routes } from '@bo/contract';
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
  const out = jsonSchemaTransform(input as never) as {
    schema: Record<string, unknown>;
    url: string;
  };
  const name = (input.route?.config as { routeName?: string } | undefined)?.routeName;
  const def = name ? byName.get(name) : undefined;
  if (!def || out.schema.hide) return out;
  const errors = Object.fromEntries(
    Object.entries(errorAnswers(def)).map(([status, description]) => [
      status,
      { description, $ref: '#/components/schemas/Error' },
    ]),
  );
  out.schema.response = { ...(out.schema.response as object), ...errors };
  return out;
};

/** The error statuses a route can answer, each `{ message, code, details? }`. */
export function errorAnswers(def: RouteDef): Record<number, string> {
  const out: Record<number, string> = {
    400: 'Invalid request: details name each refused field (`body.title`, `querystring.id`)',
  };
  const signIn = def.access === 'public' && def.tag === 'auth' && def.method === 'POST';
  const signedLink = def.access === 'public' && def.download;
  if (def.access !== 'public' || signIn)
    out[401] = 'Not signed in, or the token, code or credentials are wrong or expired';
  if (def.access !== 'public' && def.access !== 'session' && def.access !== 'learner_app')
    out[403] = 'Signed in without access to this module';
  if (signedLink) out[403] = 'The signed link is invalid or expired';
  if (def.access !== 'public' || signedLink)
    out[404] = 'Something the request names does not exist';
  if (def.method === 'POST') {
    out[408] = 'The request body arrived too slowly';
    if (def.access !== 'public' && def.tag !== 'auth')
      out[409] = 'In conflict with the current data (taken, in use, or changed meanwhile)';
    out[413] = 'The body or file is larger than allowed';
    out[415] = 'The body or file is of a type this route does not take';
  }
  if (signIn) out[429] = 'Too many tries: wait (Retry-After) or reset the password';
  return out;
}
