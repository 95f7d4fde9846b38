/** The part of @20minutes/s3rver (a maintained fork of s3rver, which ships no types) that the tests use. */
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    /** 0 = a free port, read back from run(). */
    port?: number;
    /** Where buckets and objects are kept, as files. */
    directory?: string;
    silent?: boolean;
    /** Accept a request signed with a known key whatever its signature. */
    allowMismatchedSignatures?: boolean;
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** The listening server, once run() has resolved. */
    httpServer?: import('node:http').Server;
    /** 'event': an S3 event notification, emitted once an object is stored (or deleted). */
    once(event: 'event', listener: (event: unknown) => void): this;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
