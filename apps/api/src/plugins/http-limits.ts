import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * What a slow or malformed client meets before a route runs, answered in the
 * API's one shape `{ message, code }`:
 * - Node's deadlines: headers within HEADERS_TIMEOUT, the whole request
 *   within REQUEST_TIMEOUT (Fastify turns Node's own 5-minute default off);
 * - a body that trickles in below BODY_MIN_RATE_KB per second (after a grace
 *   as long as the headers deadline) is cut with 408: a client sending one
 *   byte every few seconds cannot hold a connection for the hour an honest
 *   large upload may take;
 * - requests Node's parser refuses (conflicting Content-Length headers, bad
 *   header lines, headers over 16 KB) and URLs Fastify cannot decode.
 */
export function httpServerOptions(config: Config) {
  const { headersTimeoutMs, requestTimeoutMs } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    http: {
      headersTimeout: headersTimeoutMs,
      // How often Node checks both deadlines (its default, 30 s, would let a
      // short deadline overrun by that much).
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(headersTimeoutMs / 4))),
    },
    clientErrorHandler,
    frameworkErrors,
  };
}

type ClientError = Error & { code?: string };

/** Node parser and timeout errors → status, code, message. */
function describeClientError(err: ClientError): [number, string, string] {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [408, 'request_timeout', 'The request took too long to arrive; send it again'];
    case 'HPE_HEADER_OVERFLOW':
      return [431, 'headers_too_large', 'The request headers are too large'];
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
      return [400, 'malformed_request', 'The request has a conflicting or invalid Content-Length'];
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return [400, 'malformed_request', 'The request has an invalid Transfer-Encoding'];
    case 'HPE_INVALID_HEADER_TOKEN':
      return [400, 'malformed_request', 'The request has an invalid header line'];
    default:
      return [400, 'malformed_request', 'The request is not valid HTTP'];
  }
}

function clientErrorHandler(this: FastifyInstance, err: ClientError, socket: Socket) {
  // A reset connection has no one left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = describeClientError(err);
  this.log.debug({ err: { code: err.code, message: err.message } }, 'client error');
  // Node's own rule: never write into a response already under way on this socket.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify({ message, code });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors Fastify raises before routing (an undecodable URL, say) in the same shape. */
function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_BAD_URL'
      ? 'The address is not a valid URL'
      : 'The request is not valid';
  reply.status(status).send({ message, code: 'malformed_request' });
}

/** The least-rate guard for request bodies (see above). */
export function registerSlowBodyGuard(app: FastifyInstance, config: Config) {
  const { bodyMinBytesPerSecond: minRate, headersTimeoutMs } = config.http;
  if (minRate <= 0) return;
  const graceMs = Math.min(10_000, headersTimeoutMs);
  const everyMs = Math.max(50, Math.floor(graceMs / 4));
  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    const socket = raw.socket;
    const hasBody =
      raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length']) > 0;
    // Injected requests (tests) have no socket to measure.
    if (!hasBody || raw.complete || typeof socket?.bytesRead !== 'number') return done();
    let started = Date.now();
    let startBytes = socket.bytesRead;
    const stop = () => clearInterval(timer);
    const timer = setInterval(() => {
      if (raw.complete || reply.raw.headersSent || socket.destroyed) return stop();
      // The server is not reading yet (its buffer is full): the client is not to blame.
      if (raw.readableLength >= raw.readableHighWaterMark) {
        started = Date.now();
        startBytes = socket.bytesRead;
        return;
      }
      const elapsedMs = Date.now() - started;
      if (elapsedMs < graceMs) return;
      if (socket.bytesRead - startBytes >= (minRate * elapsedMs) / 1000) return;
      stop();
      req.log.info({ elapsedMs, bytes: socket.bytesRead - startBytes }, 'request body too slow');
      // Answered on the raw response and the connection closed: the body will never be read.
      reply.hijack();
      const body = JSON.stringify({
        message: 'The request body arrived too slowly; send it again',
        code: 'request_timeout',
      });
      reply.raw.writeHead(408, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
      });
      reply.raw.end(body, () => socket.destroy());
    }, everyMs);
    timer.unref();
    raw.once('end', stop);
    reply.raw.once('close', stop);
    done();
  });
}
