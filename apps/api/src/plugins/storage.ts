import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { type Faults, fullStoreOf } from '../lib/faults.ts';
import { lazyStorage } from '../lib/storage/lazy-storage.ts';
import { localStorage } from '../lib/storage/local-storage.ts';
import type { Storage } from '../lib/storage/storage.ts';

/**
 * The file store and multipart parsing. Features use `deps.storage` with the
 * helpers of lib/storage (receiveUpload, sendStoredFile, signFileUrl): an
 * S3-compatible bucket when S3_BUCKET is set, else the directory DATA_DIR/files.
 * The S3 driver (and the AWS SDK under it) is imported on first use only.
 */
export function createStorage(config: Config): Storage {
  const s3 = config.s3;
  if (s3)
    return lazyStorage(() => import('../lib/storage/s3-storage.ts').then((m) => m.s3Storage(s3)));
  return localStorage(path.join(config.dataDir, 'files'));
}

/**
 * The store, with each write telling `faults` whether the file store has
 * room: a write refused for want of space marks it full (health reports it),
 * the next one that succeeds clears that. Jobs' writes count as much as uploads.
 */
export function watchFreeSpace(storage: Storage, faults: Faults): Storage {
  return {
    ...storage,
    async put(body, opts) {
      try {
        const stored = await storage.put(body, opts);
        faults.noteWritten('files');
        return stored;
      } catch (err) {
        if (fullStoreOf(err) === 'files') faults.noteFull('files');
        throw err;
      }
    },
  };
}

export async function registerMultipart(app: FastifyInstance, config: Config) {
  await app.register(multipart, {
    // Per-route limits come from receiveUpload; these are the outer bounds.
    limits: {
      fileSize: Math.max(...Object.values(config.uploadMaxBytes)),
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 25,
      headerPairs: 100,
    },
  });
}
