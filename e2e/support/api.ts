import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server.ts';
import { readStoredToken } from './session.ts';

/**
 * Calls the API from the test with the page's signed-in token, to set up
 * data the test is not about (a GET without a body, a JSON POST with one).
 */
export async function callApi(page: Page, server: RunningServer, path: string, body?: unknown) {
  const token = await readStoredToken(page);
  const res = await fetch(`${server.url}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${token!.access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** `callApi` that must answer 200; answers the body. */
export async function apiOk(page: Page, server: RunningServer, path: string, body?: unknown) {
  const res = await callApi(page, server, path, body);
  expect(res.status, `${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}
