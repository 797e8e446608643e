import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { notFound } from '../errors.ts';
import { isValidKey, type ListedFile, newKey, type Storage, type StoredFile } from './storage.ts';

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …), the same
 * contract as the local directory: the content at `<prefix><key>` and its
 * metadata at `<prefix><key>.json`, written last, so a key without metadata
 * is invisible to stat() (an upload cut short, a crash between the two).
 *
 * Uploads stream: the body is sent in parts of `partSize` bytes while it
 * arrives (one part in memory at a time, and the body is not read further
 * while a part is in flight); a body that fits in one part is one PutObject.
 * Reads stream too, ranged with GetObject's Range for video seeking; the API
 * proxies them (lib/storage/serve.ts) so its headers and checks apply.
 */
export interface S3StorageOptions extends S3Config {
  /** At least 5 MiB (S3's smallest part but the last). */
  partSize?: number;
}

/** 8 MiB parts: a 2 GB video is 256 parts, far below S3's 10,000. */
const PART_SIZE = 8 * 1024 * 1024;

export function s3Storage(opts: S3StorageOptions): Storage {
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials: opts.credentials,
    // Only where S3 demands one: several S3-compatible servers refuse the
    // SDK's default CRC32 headers, and the SHA-256 kept below covers content.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = opts.bucket;
  const partSize = opts.partSize ?? PART_SIZE;
  const objectKey = (key: string) => `${opts.prefix}${key}`;
  const metaKey = (key: string) => `${opts.prefix}${key}.json`;

  async function stat(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    try {
      const res = await client.send(new GetObjectCommand({ Bucket, Key: metaKey(key) }));
      const meta = JSON.parse(await res.Body!.transformToString()) as StoredFile;
      return { ...meta, key };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  /** Streams `body` to `Key` in parts; aborts the multipart upload on any failure. */
  async function upload(Key: string, body: Readable, ContentType: string) {
    const hash = createHash('sha256');
    let size = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    const sendPart = async () => {
      uploadId ??= (
        await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))
      ).UploadId;
      const PartNumber = parts.length + 1;
      const Body = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const { ETag } = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body }),
      );
      parts.push({ ETag, PartNumber });
    };
    try {
      for await (const chunk of body as AsyncIterable<Buffer>) {
        hash.update(chunk);
        size += chunk.length;
        pending.push(chunk);
        pendingBytes += chunk.length;
        if (pendingBytes >= partSize) await sendPart();
      }
      if (uploadId === undefined) {
        const Body = Buffer.concat(pending, pendingBytes);
        await client.send(
          new PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength: Body.length }),
        );
      } else {
        if (pendingBytes > 0) await sendPart();
        await client.send(
          new CompleteMultipartUploadCommand({
            Bucket,
            Key,
            UploadId: uploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      }
    } catch (err) {
      if (uploadId !== undefined) {
        // Best effort: a bucket lifecycle rule removes what an abort could not.
        await client
          .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      }
      throw err;
    }
    return { size, sha256: hash.digest('hex') };
  }

  return {
    async put(body, { contentType }) {
      const key = newKey();
      const { size, sha256 } = await upload(objectKey(key), body, contentType);
      const stored: StoredFile = { key, size, sha256, contentType };
      try {
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key: metaKey(key),
            Body: JSON.stringify(stored),
            ContentType: 'application/json',
          }),
        );
      } catch (err) {
        await client
          .send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }))
          .catch(() => undefined);
        throw err;
      }
      return stored;
    },

    async get(key, range) {
      if (!isValidKey(key)) throw notFound('File');
      try {
        const res = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: objectKey(key),
            Range: range ? `bytes=${range.start}-${range.end}` : undefined,
          }),
        );
        return res.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw notFound('File');
        throw err;
      }
    },

    stat,

    async delete(key) {
      if (!isValidKey(key)) return;
      // Metadata first: content left behind by a failure is still listed, so
      // the orphan sweep finds it; metadata alone would never be found.
      await client.send(new DeleteObjectCommand({ Bucket, Key: metaKey(key) }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async *list(): AsyncIterable<ListedFile> {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: opts.prefix || undefined, ContinuationToken }),
        );
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(opts.prefix.length) ?? '';
          // Metadata objects and anything else sharing the bucket are not keys.
          if (!object.Key?.startsWith(opts.prefix) || !isValidKey(key)) continue;
          yield { key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (err) {
        const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata
          ?.httpStatusCode;
        const why =
          status === 404
            ? 'it does not exist'
            : status === 403
              ? 'access is refused (check the credentials and the bucket policy)'
              : (err as Error).message;
        throw new Error(`Object storage: bucket "${Bucket}" cannot be used: ${why}`);
      }
    },

    close() {
      client.destroy();
    },
  };
}

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}
