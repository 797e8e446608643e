import type { Storage } from './storage.ts';

/**
 * A store whose driver is made on first use. The S3 driver pulls in the AWS
 * SDK (~22 MB of resident memory), which a server on local files never
 * needs: importing it only when a bucket is configured, and only when the
 * store is first touched, keeps it out of every other process. A failed
 * load is not cached, so the next call tries again.
 */
export function lazyStorage(load: () => Promise<Storage>): Storage {
  let pending: Promise<Storage> | undefined;
  let loaded: Storage | undefined;
  const driver = () => {
    pending ??= load().then(
      (store) => {
        loaded = store;
        return store;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    );
    return pending;
  };
  return {
    put: async (body, opts) => (await driver()).put(body, opts),
    get: async (key, range) => (await driver()).get(key, range),
    stat: async (key) => (await driver()).stat(key),
    delete: async (key) => (await driver()).delete(key),
    async *list() {
      yield* (await driver()).list();
    },
    check: async () => (await driver()).check?.(),
    // A driver never loaded holds nothing; closing must not load one.
    close: () => loaded?.close?.(),
  };
}
