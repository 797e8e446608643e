/**
 * What every module's write samples are built with: the world they run in,
 * the call shape, and small helpers to make requests and fresh values.
 */
import type { RouteName, routes } from '@bo/contract';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { multipart } from '../../modules/toc/toc.fixtures.ts';
import type { TestApp } from '../harness.ts';

/** Every route of the contract that writes (POST). */
export type WriteRoute = {
  [K in RouteName]: (typeof routes)[K]['method'] extends 'POST' ? K : never;
}[RouteName];

/** One valid call: the request, and the bearer token to send (none for public routes). */
export interface WriteCall {
  req: InjectOptions;
  token?: string;
}

/** What the samples build on: the app and a super admin's token. */
export interface World {
  t: TestApp;
  token: string;
}

/** Builds one valid call of a write route on a fresh world. */
export type Sample = (w: World) => Promise<WriteCall>;

/** A module's samples: its own write routes, each with one valid call. */
export type Samples = Partial<Record<WriteRoute, Sample>>;

let seq = 0;
/** A number not handed out before in this process. */
export const next = () => ++seq;
export const unique = (what: string) => `${what} ${next()}-${Date.now() % 100_000}`;

/** A fresh valid ISBN-13 (978 prefix, right check digit). */
export function freshIsbn(): string {
  const body = `978${String(Date.now() % 1_000_000).padStart(6, '0')}${String(next() % 1000).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export const post = (url: string, payload: object, token?: string): WriteCall => ({
  req: { method: 'POST', url: `/api${url}`, payload },
  token,
});

/** A successful call made to set a sample up; its answer's JSON. */
export async function made<T = Record<string, unknown>>(w: World, call: WriteCall): Promise<T> {
  const res = call.token ? await w.t.as(call.token, call.req) : await w.t.app.inject(call.req);
  if (res.statusCode !== 200) throw new Error(`${call.req.url}: ${res.statusCode} ${res.body}`);
  return res.json() as T;
}

export const mk = (w: World, url: string, payload: object) =>
  made<{ id: number }>(w, post(url, payload, w.token));

/** A one-sheet workbook: a header row and data rows. */
export async function sheet(header: string[], rows: unknown[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet');
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
/** A multipart upload of one file (and its fields) as the super admin. */
export async function upload(
  w: World,
  url: string,
  bytes: Buffer,
  name: string,
  fields = {},
): Promise<WriteCall> {
  return {
    req: { method: 'POST', url: `/api${url}`, ...(await multipart(bytes, name, fields)) },
    token: w.token,
  };
}
