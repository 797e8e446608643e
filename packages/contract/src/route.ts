import type { z } from 'zod';
import type { Access, CrossModuleNeed } from './access.ts';
import type { ServiceRefusal } from './error-codes.ts';

/**
 * One route of the API: the only place its method, path, access, summary and
 * shapes are written. The server registers it, the guard enforces `access`,
 * OpenAPI is generated from it and the web client calls through it.
 */
export interface RouteDef {
  method: 'GET' | 'POST';
  /** Path under /api, as in the spec (typos kept). */
  path: string;
  access: Access;
  /**
   * Objects of other modules that this route can change (a TOC node's free
   * flag is the book's free sample): the caller must hold each such module as
   * well as `access`. The guard checks body fields once the body is valid; a
   * service that reads the same change from a file checks it with the same rule.
   */
  alsoNeeds?: readonly CrossModuleNeed[];
  summary: string;
  tag: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Shape of the 2xx answer. Absent for downloads (a file, not JSON). */
  response?: z.ZodType;
  /** The answer is a file with a Content-Disposition name. */
  download?: boolean;
  /** True when the route appears in the spec's catalogue of 158 paths. */
  spec?: boolean;
  /**
   * How a successful POST (a write) is audited. Absent: the route layer writes
   * a generic row (the route's name as action, its tag as entity, the body
   * without secrets). `self`: the service writes its own, richer row (before
   * and after) and the route layer checks that it did. `none`: the call leaves
   * no row on purpose (a routine token rotation); tests pin that list.
   */
  audit?: 'self' | 'none';
  /** The body is multipart/form-data holding one file (and fields sent before it). */
  upload?: UploadDef;
  /**
   * Refusals of this route's service beyond those its access, method and
   * upload imply (`question_changed`): listed in its OpenAPI answers, and in
   * tests an error answer with a code the route does not list is a fault.
   */
  refuses?: readonly ServiceRefusal[];
  /**
   * At most `max` calls per `minutes` from one address (429 beyond): for a
   * route that reaches outside the product (a test mail to any address).
   */
  limit?: { max: number; minutes: number };
}

/**
 * What a file may be, told from its first bytes (never its name). Each kind
 * has its own size limit on the server (UPLOAD_MAX_<KIND>_MB). `zip` is any
 * zip archive (checked by the zip guard before use); `text` is UTF-8 text
 * (XML included) with no binary signature and no NUL byte.
 */
export const FILE_KINDS = ['pdf', 'image', 'video', 'audio', 'xlsx', 'zip', 'text'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * A multipart upload, declared with its route: the server parses it once
 * (size limit, type by content, malformed bodies answered 400) and hands the
 * handler the stored file and the parsed fields, never the request.
 */
export interface UploadDef {
  /** The file part's field name. */
  field: string;
  /** The kinds accepted. */
  kinds: readonly FileKind[];
  /** When a query parameter names the kind: its name and each value's kind. */
  kindFrom?: { query: string; kinds: Readonly<Record<string, FileKind>> };
  /** Form fields, sent BEFORE the file part (the server reads fields up to the file). */
  fields?: z.ZodType;
}

/** Type-only key: carries a route's full type on its address, never present at run time. */
declare const routeType: unique symbol;

/**
 * A route's method and path alone, typed as its whole route: what a client
 * needs to call it. The route table holds the schemas, so importing it
 * brings zod; the web's first screen (sign-in) calls its routes through
 * addresses instead (auth-addresses.ts) and so loads no schema library.
 */
export interface RouteAddress<R extends RouteDef = RouteDef> {
  readonly method: R['method'];
  readonly path: string;
  readonly [routeType]?: R;
}

export function defineRoutes<const T extends Record<string, RouteDef>>(routes: T): T {
  return routes;
}

type Infer<S> = S extends z.ZodType ? z.infer<S> : undefined;
type Input<S> = S extends z.ZodType ? z.input<S> : undefined;

export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
/**
 * What a caller may send (before defaults and parsing are applied). A query
 * string is text, so a number is as good as its decimal digits there.
 */
export type RouteQueryInput<R extends RouteDef> = QueryText<Input<R['query']>>;
type QueryText<T> = T extends object
  ? { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] }
  : T;
export type RouteBodyInput<R extends RouteDef> = Input<R['body']>;
export type RouteResponse<R extends RouteDef> = Infer<R['response']>;
type UploadOf<U> = U extends { fields: z.ZodType } ? z.infer<U['fields']> : Record<string, never>;
/** The parsed form fields of an upload route. */
export type RouteUploadFields<R extends RouteDef> = R['upload'] extends UploadDef
  ? UploadOf<R['upload']>
  : undefined;

/** Where the API's routes are mounted. */
export const API_PREFIX = '/api';
