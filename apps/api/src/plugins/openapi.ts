import { errorAnswers, LEARNER_APP_KEY_HEADER, type RouteDef, routes } from '@bo/contract';
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
