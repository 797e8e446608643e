// A stand-in for the TLS proxy of docs/operations.md ("Behind a TLS proxy"):
// it terminates TLS, speaks HTTP/2 (and HTTP/1.1) to the browser and
// HTTP/1.1 over kept-alive connections to the server, as nginx or a load
// balancer would, and compresses the API's JSON as the documented set-up
// does. Its certificate is self-signed, made here with openssl; nothing is
// downloaded. For benches only: a browser must be told to trust it, by its key
// (`spki`, for Chromium's --ignore-certificate-errors-spki-list): a page
// whose certificate merely has its error ignored is never cached, so a warm
// visit would download everything again.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream';
import zlib from 'node:zlib';

/** Headers of one hop that a proxy never forwards (and HTTP/2 forbids). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
  'host',
]);

/** A self-signed certificate for 127.0.0.1 (P-256, one day). */
function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-bench-tls-'));
  const key = path.join(dir, 'key.pem');
  const cert = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'],
      ...['-addext', 'subjectAltName=IP:127.0.0.1'],
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true });
  return pair;
}

/** Compressed by the proxy: JSON from the API, except the sign-in routes' (they carry tokens). */
const compressible = (path: string, headers: http.IncomingHttpHeaders) =>
  !headers['content-encoding'] &&
  /^application\/json/.test(String(headers['content-type'] ?? '')) &&
  !path.startsWith('/api/auth/');

export async function startTlsFront(upstream: string) {
  const target = new URL(upstream);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const certificate = selfSignedCertificate();
  const spki = createHash('sha256')
    .update(createPublicKey(certificate.cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  const server = http2.createSecureServer({ ...certificate, allowHTTP1: true }, (req, res) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers))
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    headers.host = req.headers[':authority'] ?? req.headers.host;
    headers['x-forwarded-for'] = req.socket.remoteAddress;
    headers['x-forwarded-proto'] = 'https';
    const path = req.url;
    const out = http.request(
      { host: target.hostname, port: target.port, method: req.method, path, headers, agent },
      (up) => {
        const back: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(up.headers))
          if (!HOP_BY_HOP.has(name) && value !== undefined) back[name] = value;
        const accepts = String(req.headers['accept-encoding'] ?? '');
        if (compressible(path, up.headers) && /\bgzip\b/.test(accepts)) {
          delete back['content-length'];
          back['content-encoding'] = 'gzip';
          back.vary = 'accept-encoding';
          res.writeHead(up.statusCode ?? 502, back);
          pipeline(up, zlib.createGzip({ level: 5 }), res, () => {});
        } else {
          res.writeHead(up.statusCode ?? 502, back);
          pipeline(up, res, () => {});
        }
      },
    );
    out.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    pipeline(req, out, () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    spki,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}
