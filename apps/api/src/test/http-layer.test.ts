import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * What happens below the routes, over real sockets: deadlines for slow
 * clients (configured short here), requests Node's parser refuses, and the
 * one answer shape `{ message, code }` for all of them.
 */

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    HEADERS_TIMEOUT: '600ms',
    REQUEST_TIMEOUT: '3s',
    BODY_MIN_RATE_KB: '1',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 60_000);
afterAll(() => t?.close());

interface Exchange {
  /** Everything the server wrote before it closed the connection. */
  text: string;
  /** Milliseconds from connecting until the server closed. */
  closedAfterMs: number;
}

/** Opens a socket, lets `drive` write to it, and collects the answer until the server closes. */
function exchange(drive: (socket: Socket) => void, giveUpMs = 15_000): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let text = '';
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open ${giveUpMs} ms: ${text}`));
    }, giveUpMs);
    socket.on('data', (c) => (text += c.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => drive(socket));
  });
}

/** Writes `bytes` one at a time, `everyMs` apart, while the socket is open. */
function trickle(socket: Socket, bytes: string, everyMs: number) {
  let i = 0;
  const timer = setInterval(() => {
    if (socket.destroyed || i >= bytes.length) return clearInterval(timer);
    socket.write(bytes[i++]!);
  }, everyMs);
  socket.on('close', () => clearInterval(timer));
}

function parse(answer: Exchange) {
  const [head, body = ''] = answer.text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]);
  return { status, head: head ?? '', json: JSON.parse(body) as { message: string; code: string } };
}

describe('slow clients', () => {
  it('a body sent one byte at a time is cut with 408 once below the least rate', async () => {
    const body = JSON.stringify({ email: 'slow@example.test', password: 'a slow password' });
    const answer = await exchange((s) => {
      s.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      trickle(s, body, 200);
    });
    const { status, json } = parse(answer);
    expect(status).toBe(408);
    expect(json).toEqual({ message: expect.stringMatching(/too slowly/), code: 'request_timeout' });
    // Grace 600 ms plus a check: well before the body (~50 bytes × 200 ms) could finish.
    expect(answer.closedAfterMs).toBeLessThan(5_000);
  });

  it('headers sent one byte at a time are cut with 408 at the headers deadline', async () => {
    const answer = await exchange((s) => {
      s.write('GET /api/health HTTP/1.1\r\nHost: x\r\n');
      trickle(s, `X-Slow: ${'a'.repeat(100)}\r\n\r\n`, 100);
    });
    const { status, json } = parse(answer);
    expect(status).toBe(408);
    expect(json.code).toBe('request_timeout');
    expect(answer.closedAfterMs).toBeLessThan(5_000);
  });

  it('an honest request on the same server is answered', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});

describe("requests Node's parser refuses answer { message, code }", () => {
  const raw = (request: string) => exchange((s) => s.write(request)).then(parse);

  it('conflicting Content-Length headers: 400', async () => {
    const { status, json } = await raw(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 40\r\n\r\n{}',
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      message: expect.stringMatching(/Content-Length/),
      code: 'malformed_request',
    });
  });

  it('Content-Length with Transfer-Encoding, or an invalid length: 400', async () => {
    for (const headers of [
      'Content-Length: 2\r\nTransfer-Encoding: chunked',
      'Content-Length: 2x',
      'Transfer-Encoding: gzip, chunked, x',
    ]) {
      const { status, json } = await raw(
        `POST /api/auth/login HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n{}`,
      );
      expect(status, headers).toBe(400);
      expect(json.code, headers).toBe('malformed_request');
    }
  });

  it('a bad header line: 400', async () => {
    const { status, json } = await raw(
      'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n',
    );
    expect(status).toBe(400);
    expect(json).toEqual({
      message: 'The request has an invalid header line',
      code: 'malformed_request',
    });
  });

  it('headers over 16 KB: 431', async () => {
    const { status, json } = await raw(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(status).toBe(431);
    expect(json).toEqual({
      message: 'The request headers are too large',
      code: 'headers_too_large',
    });
  });

  it('an undecodable URL: 400', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/book/getisbn%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'The address is not a valid URL',
      code: 'malformed_request',
    });
  });
});

describe('the Authorization scheme', () => {
  it('is case-insensitive: bearer, BEARER and Bearer all sign in; other schemes do not', async () => {
    const a = await t.createAdmin();
    const { accessToken } = await t.signIn(a.email);
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `${scheme} ${accessToken}` },
      });
      expect(res.statusCode, scheme).toBe(200);
    }
    for (const header of [`Basic ${accessToken}`, `Bearer${accessToken}`, accessToken]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: header },
      });
      expect(res.statusCode, header.slice(0, 8)).toBe(401);
      expect(res.json().code).toBe('unauthenticated');
    }
  });
});
