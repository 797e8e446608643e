import type { z } from 'zod';
import type { Access } from './modules.ts';

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
