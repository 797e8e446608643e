import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Features only see this interface (through
 * `deps.storage`): the local directory (local-storage.ts) or an S3-compatible
 * bucket (s3-storage.ts), chosen by configuration alone; keys map onto object
 * keys, `contentType` onto the object's Content-Type, `range` onto a ranged
 * GetObject, and `put` onto a multipart upload aborted when the body fails.
 */
export interface StoredFile {
  /** Server-made (`ab/cd/<uuid>`), never derived from the client's file name. */
  key: string;
  size: number;
  /** Hex SHA-256 of the content, computed while it streamed in. */
  sha256: string;
  contentType: string;
}

/** Inclusive byte offsets, as in HTTP's Range and Content-Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface Storage {
  /**
   * Streams the body in under a new key. When the body stream errors (an
   * upload over its size limit, a client gone), nothing is kept and the
   * promise rejects with that error.
   */
  put(body: Readable, opts: { contentType: string }): Promise<StoredFile>;
  /** Rejects with a 404 AppError for an unknown or malformed key. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Null for an unknown or malformed key. */
  stat(key: string): Promise<StoredFile | null>;
  /** Deleting an unknown key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored key with its size and when it was written, in no order
   * (the orphan sweep walks it; an object store lists its bucket).
   */
  list(): AsyncIterable<ListedFile>;
  /**
   * Run once at start: rejects with a message an operator can act on when the
   * store cannot be used (a missing bucket, refused credentials).
   */
  check?(): Promise<void>;
  /** Releases what the driver holds (an object store's connections); the app calls it as it closes. */
  close?(): void;
}

export interface ListedFile {
  key: string;
  size: number;
  modifiedAt: Date;
}

const KEY =
  /^[0-9a-f]{2}\/[0-9a-f]{2}\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Two fan-out levels keep directories small (65,536 leaves). */
export function newKey(): string {
  const id = randomUUID();
  return `${id.slice(0, 2)}/${id.slice(2, 4)}/${id}`;
}

/** The only keys any implementation accepts: nothing like `../` can get through. */
export function isValidKey(key: string): boolean {
  return (
    KEY.test(key) && key.slice(0, 2) === key.slice(6, 8) && key.slice(3, 5) === key.slice(8, 10)
  );
}
