import type {
  Access,
  RouteBody,
  RouteDef,
  RouteQuery,
  RouteResponse,
  RouteUploadFields,
  UploadDef,
} from '@bo/contract';
import { describeAccess } from '@bo/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../deps.ts';
import {
  type AuthAdmin,
  authenticate,
  authorize,
  authorizeChange,
  fieldsSetBy,
} from '../plugins/auth-guard.ts';
import { authenticateLearnerApp } from '../plugins/learner-app-guard.ts';
import { auditWrite } from './audit-default.ts';
import { refuseUndeclaredError } from './declared-errors.ts';
import { type FileAnswer, isFileAnswer, sendFileAnswer } from './file-answer.ts';
import type { RequestContext } from './request-context.ts';
import { type ReceivedUpload, receiveUpload } from './storage/upload.ts';

/**
 * Who calls a route with this access: no admin on public and learner-app
 * routes, the signed-in admin on every other (the guard refused the call
 * otherwise). Distributes over a union, so a route of unknown access
 * (`RouteDef` itself) may have either.
 */
export type AdminOf<A extends Access> = A extends 'public' | 'learner_app' ? null : AuthAdmin;

export interface HandlerInput<R extends RouteDef> {
  query: RouteQuery<R>;
  body: RouteBody<R>;
  admin: AdminOf<R['access']>;
  ctx: RequestContext;
  /** A route that declares `upload`: its stored file and parsed fields. */
  upload: R['upload'] extends UploadDef ? ReceivedUpload<RouteUploadFields<R>> : undefined;
}

export type Handler<R extends RouteDef> = (
  input: HandlerInput<R>,
) => Promise<RouteResponse<R> | FileAnswer | undefined> | RouteResponse<R> | FileAnswer | undefined;

export type Handlers<T extends Record<string, RouteDef>> = { [K in keyof T]: Handler<T[K]> };

/** Any route's handler as the one loop below calls it: what each input may be at run time. */
type AnyHandler = (input: {
  query: unknown;
  body: unknown;
  admin: AuthAdmin | null;
  ctx: RequestContext;
  upload: ReceivedUpload | undefined;
}) => ReturnType<Handler<RouteDef>>;

declare module 'fastify' {
  interface FastifyRequest {
    admin: AuthAdmin | null;
  }
  interface FastifyContextConfig {
    routeName?: string;
    access?: Access;
    /** The route's multipart upload, for the OpenAPI document. */
    upload?: UploadDef;
  }
}

/** Per app: path → methods served, for the route-table test and the 405 fallbacks. */
const served = new WeakMap<FastifyInstance, Map<string, Set<string>>>();

export function servedRoutes(app: FastifyInstance): string[] {
  return [...(served.get(app) ?? new Map())].flatMap(([url, ms]) =>
    [...ms].map((m) => `${m} ${url}`),
  );
}

const ALL_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE'] as const;

/**
 * Registers contract routes with their handlers: the guard runs first (before
 * the body is read), then zod validation, then the handler. Every successful
 * write that did not audit itself gets a generic audit entry.
 */
export function registerRoutes<T extends Record<string, RouteDef>>(
  app: FastifyInstance,
  deps: Deps,
  defs: T,
  handlers: Handlers<T>,
) {
  for (const [name, def] of Object.entries(defs)) {
    // Handlers<T> pairs each route with its handler's exact input; the guard
    // and zod below make the loose input here that exact one at run time.
    const handler = handlers[name as keyof T] as AnyHandler;
    const url = `/api${def.path}`;
    const byPath = served.get(app) ?? new Map<string, Set<string>>();
    served.set(app, byPath);
    byPath.set(url, (byPath.get(url) ?? new Set()).add(def.method));
    const isSignIn = def.access === 'public' && def.tag === 'auth' && def.method === 'POST';
    app.withTypeProvider<ZodTypeProvider>().route({
      method: def.method,
      url,
      config: {
        routeName: name,
        access: def.access,
        ...(def.upload ? { upload: def.upload } : {}),
        ...(isSignIn ? { rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } } : {}),
        ...(def.limit
          ? { rateLimit: { max: def.limit.max, timeWindow: def.limit.minutes * 60_000 } }
          : {}),
      },
      schema: {
        summary: def.summary,
        tags: [def.tag],
        description: `Access: ${describeAccess(def.access)}${def.spec ? ' · spec path' : ''}`,
        ...securityOf(def.access),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body ? { body: def.body } : {}),
        ...(def.response ? { response: { 200: def.response } } : {}),
      },
      onRequest: async (req) => {
        if (def.access === 'learner_app') {
          req.admin = null;
          await authenticateLearnerApp(deps, req);
          return;
        }
        req.admin = def.access === 'public' ? null : await authenticate(deps, req);
        if (req.admin) authorize(req.admin, def.access);
      },
      ...(deps.strictErrors
        ? { onSend: (req, reply, payload) => refuseUndeclaredError(def, req, reply, payload) }
        : {}),
      // Once the body is valid: which fields it sets decides the other modules it needs.
      ...(def.alsoNeeds
        ? {
            preHandler: async (req: FastifyRequest) => {
              if (req.admin) authorizeChange(req.admin, def.alsoNeeds, fieldsSetBy(req.body));
            },
          }
        : {}),
      handler: async (req, reply) => {
        const ctx = contextOf(req);
        const upload = def.upload
          ? await receiveUpload(
              req,
              deps.storage,
              def.upload,
              deps.config.uploadMaxBytes,
              req.query,
            )
          : undefined;
        let result: Awaited<ReturnType<typeof handler>>;
        try {
          result = await handler({
            query: req.query,
            body: req.body,
            admin: req.admin,
            ctx,
            upload,
          });
        } catch (err) {
          // A refused upload leaves nothing stored; a kept one is held by a row.
          if (upload) await deps.storage.delete(upload.file.key).catch(() => undefined);
          throw err;
        }
        // A download: the service said which file; it is sent here.
        if (isFileAnswer(result)) return sendFileAnswer(req, reply, deps.storage, result);
        // Services clear cached access checks inside their transactions; clearing
        // again once a write has committed closes the window in between.
        if (def.method === 'POST') deps.authCache.clear();
        if (reply.statusCode < 300) {
          await auditWrite(deps, { name, def, ctx, query: req.query, body: req.body });
        }
        return reply.sent ? reply : (result ?? { ok: true });
      },
    });
  }
}

/** How the OpenAPI says a route is called: no credential, an admin's bearer token, or the app's key. */
function securityOf(access: Access): { security?: Record<string, string[]>[] } {
  if (access === 'public') return {};
  return { security: [{ [access === 'learner_app' ? 'learnerAppKey' : 'bearer']: [] }] };
}

/** A known path with another method answers 405, not 404 (docs/security.md item 22). */
export function registerMethodFallbacks(app: FastifyInstance) {
  for (const [url, methods] of served.get(app) ?? []) {
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    app.route({
      method: ALL_METHODS.filter((m) => !methods.has(m)),
      url,
      // Not operations: they must not appear in the OpenAPI document.
      schema: { hide: true },
      handler: async (_req, reply) =>
        reply
          .status(405)
          .header('allow', allow)
          .send({ message: `Method not allowed; use ${allow}`, code: 'method_not_allowed' }),
    });
  }
}

export function contextOf(req: FastifyRequest): RequestContext {
  return {
    adminId: req.admin?.id ?? null,
    adminEmail: req.admin?.email ?? null,
    ip: req.ip,
    requestId: String(req.id),
    userAgent: req.headers['user-agent']?.slice(0, 300) ?? null,
  };
}
