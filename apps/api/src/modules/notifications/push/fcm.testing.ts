import { createVerify, generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A local stand-in for Google's token endpoint and FCM's HTTP v1 API that
 * checks each request as FCM's documentation describes it: the JWT
 * assertion's RS256 signature (with the service account's public key), its
 * claims and grant type; the bearer token, the URL and the message's JSON
 * shape. It answers by token: `good-…` sent, `dead-…` 404 UNREGISTERED,
 * `bad-…` 400 INVALID_ARGUMENT, `busy-…` 429 (Retry-After: 1) once, then sent.
 */
export interface FakeFcm {
  url: string;
  /** Where the service account JSON was written. */
  accountFile: string;
  problems: string[];
  exchanges: number;
  sends: { token: string; message: Record<string, unknown>; at: number }[];
  close(): Promise<void>;
}

const PROJECT = 'demo-project';
const EMAIL = 'push@demo-project.iam.gserviceaccount.com';

const read = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => {
      s += c;
    });
    req.on('end', () => resolve(s));
  });

export async function startFakeFcm(): Promise<FakeFcm> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const busySeen = new Set<string>();
  let issued = 0;
  const fake = { problems: [] as string[], exchanges: 0, sends: [] as FakeFcm['sends'] };
  const problem = (p: string) => fake.problems.push(p);
  let base = '';

  const server: Server = createServer(async (req, res) => {
    const body = await read(req);
    const answer = (status: number, json: object, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(json));
    };
    if (req.url === '/token') {
      fake.exchanges++;
      if (req.method !== 'POST') problem(`token: method ${req.method}`);
      if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
        problem(`token: content-type ${req.headers['content-type']}`);
      const form = new URLSearchParams(body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        problem(`token: grant_type ${form.get('grant_type')}`);
      const [h, c, s] = (form.get('assertion') ?? '').split('.');
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${h}.${c}`);
      if (!s || !verifier.verify(publicKey, Buffer.from(s, 'base64url'))) {
        problem('token: bad signature');
        return answer(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const header = JSON.parse(Buffer.from(h!, 'base64url').toString());
      const claims = JSON.parse(Buffer.from(c!, 'base64url').toString());
      if (header.alg !== 'RS256' || header.typ !== 'JWT')
        problem(`token: header ${JSON.stringify(header)}`);
      if (claims.iss !== EMAIL) problem(`token: iss ${claims.iss}`);
      if (claims.aud !== `${base}/token`) problem(`token: aud ${claims.aud}`);
      if (
        !String(claims.scope)
          .split(' ')
          .includes('https://www.googleapis.com/auth/firebase.messaging')
      )
        problem(`token: scope ${claims.scope}`);
      if (claims.exp - claims.iat !== 3600) problem('token: lifetime is not an hour');
      if (Math.abs(claims.iat * 1000 - Date.now()) > 60_000) problem('token: iat is not now');
      return answer(200, {
        access_token: `access-${++issued}`,
        expires_in: 3599,
        token_type: 'Bearer',
      });
    }
    if (req.url !== `/v1/projects/${PROJECT}/messages:send` || req.method !== 'POST') {
      problem(`send: ${req.method} ${req.url}`);
      return answer(404, { error: { code: 404, status: 'NOT_FOUND' } });
    }
    if (req.headers.authorization !== `Bearer access-${issued}`)
      problem(`send: authorization ${req.headers.authorization}`);
    if (!req.headers['content-type']?.startsWith('application/json'))
      problem(`send: content-type ${req.headers['content-type']}`);
    const { message, ...rest } = JSON.parse(body);
    if (Object.keys(rest).length) problem(`send: extra fields ${Object.keys(rest)}`);
    const token = message?.token;
    if (typeof token !== 'string') problem('send: no token');
    const n = message?.notification ?? {};
    if (typeof n.title !== 'string' || typeof n.body !== 'string')
      problem('send: notification shape');
    for (const [k, v] of Object.entries(message?.data ?? {}))
      if (typeof v !== 'string') problem(`send: data.${k} is not a string`);
    fake.sends.push({ token, message, at: Date.now() });
    const fcmError = (code: number, status: string, errorCode: string) =>
      answer(code, {
        error: {
          code,
          message: 'Requested entity was not found.',
          status,
          details: [{ '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode }],
        },
      });
    if (token.startsWith('dead-')) return fcmError(404, 'NOT_FOUND', 'UNREGISTERED');
    if (token.startsWith('bad-')) return fcmError(400, 'INVALID_ARGUMENT', 'INVALID_ARGUMENT');
    if (token.startsWith('busy-') && !busySeen.has(token)) {
      busySeen.add(token);
      res.setHeader('retry-after', '1');
      return fcmError(429, 'RESOURCE_EXHAUSTED', 'QUOTA_EXCEEDED');
    }
    return answer(200, { name: `projects/${PROJECT}/messages/${fake.sends.length}` });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const accountFile = path.join(tmpdir(), `fcm-account-${process.pid}-${Date.now()}.json`);
  writeFileSync(
    accountFile,
    JSON.stringify({
      type: 'service_account',
      project_id: PROJECT,
      private_key_id: 'test',
      private_key: privateKey,
      client_email: EMAIL,
      token_uri: `${base}/token`,
    }),
  );
  return Object.assign(fake, {
    url: base,
    accountFile,
    close: () => new Promise<void>((r) => server.close(() => r())),
  });
}
