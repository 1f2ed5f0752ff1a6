// s3rver ships no types: the part of its API generator/preview/local-aws.ts uses.
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';
  export default class S3rver {
    constructor(options: { directory: string; address?: string; port?: number; silent?: boolean; configureBuckets?: { name: string; configs?: string[] }[] });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
