/** The few members of the test S3 server (src/test/s3-server.ts) this project uses. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string }[];
  }

  type KoaMiddleware = (
    ctx: { method: string; path: string; params: Record<string, string>; app: object },
    next: () => Promise<void>,
  ) => Promise<void>;

  export default class S3rver {
    constructor(options?: S3rverOptions);
    middleware: KoaMiddleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
