import path from 'node:path';
import { filesUnder } from './files-under.ts';
import { startS3Server } from './s3-server.ts';

/**
 * The storage drivers the storage tests run against, each started fresh for
 * an app whose DATA_DIR is `dataDir`: the local directory (the default;
 * DATA_DIR/files) and an S3 bucket on a real S3-protocol server.
 */
export interface StorageUnderTest {
  /** The environment that configures the app for this driver. */
  env: Record<string, string>;
  /** What the S3 server was sent (none for the directory). */
  requests: { method: string; url: string }[];
  /**
   * Every file or object the backend holds, read around the driver (its
   * metadata and half-written files included), sorted.
   */
  files(): Promise<string[]>;
  close(): Promise<void>;
}

export const STORAGE_DRIVERS: {
  name: string;
  start(dataDir: string): Promise<StorageUnderTest>;
}[] = [
  {
    name: 'local directory',
    start: async (dataDir) => ({
      env: {},
      requests: [],
      files: async () => filesUnder(path.join(dataDir, 'files')),
      close: async () => {},
    }),
  },
  { name: 'S3 bucket', start: () => startS3Server() },
];
