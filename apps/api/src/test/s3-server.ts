import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { filesUnder } from './files-under.ts';

/**
 * A real S3-protocol server (s3rver, files in a temp directory) on
 * 127.0.0.1, for running the storage tests against the S3 driver. Requests
 * reach it through a small counting proxy, so a test can see what the driver
 * sent and when (an upload's parts arriving before its body has ended).
 */
export interface S3TestServer {
  /** The environment that points the app at this server's bucket. */
  env: Record<string, string>;
  /** Every request the server was sent: method and path with query. */
  requests: { method: string; url: string }[];
  /** Every object in the bucket, as s3rver keeps them on disk (not through S3). */
  files(): Promise<string[]>;
  close(): Promise<void>;
}

export const S3_TEST_BUCKET = 'bo-files';
const KEY = 'S3RVER'; // s3rver's built-in account: id and secret
/** s3rver keeps an object's content at `<key>._S3rver_object`. */
const OBJECT_SUFFIX = '._S3rver_object';

export async function startS3Server(): Promise<S3TestServer> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bo-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_TEST_BUCKET }],
  });
  // s3rver signs a bucket-level request (a listing, HeadBucket) without the
  // trailing "/" of the path the SDK sends and signs, so it refuses every
  // genuine one; for those requests only, a signature mismatch is let through
  // (the access key must still be its own). Object requests keep the full check.
  s3.middleware.unshift(async (ctx, next) => {
    if (/^(GET|HEAD)$/.test(ctx.method) && /^\/[^/]+\/$/.test(ctx.path)) {
      ctx.app = Object.create(ctx.app, { allowMismatchedSignatures: { value: true } });
    }
    await next();
  });
  const target = await s3.run();

  const requests: S3TestServer['requests'] = [];
  const proxy = http.createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '' });
    const forward = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const { port } = proxy.address() as AddressInfo;
  return {
    env: {
      S3_BUCKET: S3_TEST_BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: KEY,
      S3_SECRET_ACCESS_KEY: KEY,
    },
    requests,
    files: async () =>
      (await filesUnder(path.join(directory, S3_TEST_BUCKET)))
        .filter((f) => f.endsWith(OBJECT_SUFFIX))
        .map((f) => f.slice(0, -OBJECT_SUFFIX.length)),
    async close() {
      proxy.closeAllConnections();
      await new Promise((r) => proxy.close(r));
      await s3.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
