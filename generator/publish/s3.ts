// The S3 side of `site publish`: a client on the standard credential chain (with the settings
// S3-compatible servers such as s3rver need when --endpoint is given), and the five operations
// a publish performs. Every request goes through the SDK's retry strategy (backoff on
// throttling, 5xx and dropped connections) and is counted.
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { S3Client, paginateListObjectsV2, GetObjectCommand, PutObjectCommand, DeleteObjectsCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { cacheControl, contentType } from '../output/headers.ts';
import { fromAwsError } from './errors.ts';

export interface RemoteOptions {
  bucket: string;
  /** Key prefix without slashes at either end; '' for the bucket's root. */
  prefix: string;
  region?: string;
  endpoint?: string;
  maxAttempts: number;
  multipartThreshold: number;
  listPageSize?: number;
}

/** The bucket under a prefix, addressed by paths relative to it. */
export class Remote {
  readonly client: S3Client;
  /** Operations sent (one per SDK command) and HTTP requests (retries included). */
  operations = 0;
  requests = 0;
  private readonly options: RemoteOptions;

  constructor(options: RemoteOptions) {
    this.options = options;
    this.client = new S3Client({
      region: options.region ?? (options.endpoint ? regionFromEnv() ?? 'us-east-1' : undefined),
      maxAttempts: options.maxAttempts,
      ...(options.endpoint
        ? { endpoint: options.endpoint, forcePathStyle: true, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' }
        : { followRegionRedirects: true }),
    });
    // The initialize step runs once per command; deserialize once per attempt (the retry loop sits between).
    this.client.middlewareStack.add((next) => (args) => {
      this.operations++;
      return next(args);
    }, { step: 'initialize', name: 'countOperations' });
    this.client.middlewareStack.add((next) => (args) => {
      this.requests++;
      return next(args);
    }, { step: 'deserialize', name: 'countRequests' });
  }

  key(path: string): string {
    return this.options.prefix ? `${this.options.prefix}/${path}` : path;
  }

  /** Every object under the prefix: path → ETag (without quotes). ListObjectsV2, every page. */
  async list(): Promise<Map<string, string>> {
    const remote = new Map<string, string>();
    const { bucket, prefix, listPageSize } = this.options;
    const strip = prefix ? prefix.length + 1 : 0;
    await this.guard('list (s3:ListBucket)', undefined, async () => {
      const pages = paginateListObjectsV2({ client: this.client, pageSize: listPageSize }, { Bucket: bucket, Prefix: prefix ? `${prefix}/` : undefined });
      for await (const page of pages) {
        for (const object of page.Contents ?? []) {
          if (object.Key && object.Key.length > strip) remote.set(object.Key.slice(strip), (object.ETag ?? '').replace(/"/g, ''));
        }
      }
    });
    return remote;
  }

  async getText(path: string): Promise<string | undefined> {
    return this.guard('read (s3:GetObject)', path, async () => {
      try {
        const response = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.key(path) }));
        return await response.Body?.transformToString('utf8');
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return undefined;
        throw error;
      }
    });
  }

  /**
   * Uploads a file of the build with its Content-Type and Cache-Control: a stream (multipart,
   * when larger than the threshold) or the whole bytes. The caller reads and checks the file.
   */
  async putFile(path: string, body: Buffer | Readable, bytes: number): Promise<void> {
    const params = { Bucket: this.options.bucket, Key: this.key(path), ContentType: contentType(path), CacheControl: cacheControl(path) };
    await this.guard('upload (s3:PutObject)', path, async () => {
      if (!Buffer.isBuffer(body) || bytes > this.options.multipartThreshold) {
        const upload = new Upload({ client: this.client, params: { ...params, Body: body }, partSize: this.options.multipartThreshold, queueSize: 4 });
        await upload.done();
        return;
      }
      // Content-MD5 makes S3 refuse a body damaged on the way instead of storing it.
      await this.client.send(new PutObjectCommand({ ...params, Body: body, ContentMD5: createHash('md5').update(body).digest('base64') }));
    });
  }

  /** Writes a small JSON object that no cache may keep (the deploy record). */
  async putJson(path: string, data: unknown): Promise<void> {
    const body = Buffer.from(`${JSON.stringify(data, null, 1)}\n`);
    await this.guard('upload (s3:PutObject)', path, () =>
      this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.key(path), Body: body, ContentType: 'application/json; charset=utf-8', CacheControl: 'no-store' })),
    );
  }

  /** Deletes up to 1,000 paths per request; any key S3 could not delete fails the publish. */
  async delete(paths: string[], onDeleted: (path: string) => void): Promise<void> {
    for (let start = 0; start < paths.length; start += 1000) {
      const batch = paths.slice(start, start + 1000);
      await this.guard('delete (s3:DeleteObject)', batch[0], async () => {
        const result = await this.client.send(new DeleteObjectsCommand({ Bucket: this.options.bucket, Delete: { Objects: batch.map((p) => ({ Key: this.key(p) })), Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length) {
          const first = failed[0]!;
          const error = Object.assign(new Error(first.Message ?? 'delete failed'), { name: first.Code ?? 'DeleteFailed', $metadata: {} });
          throw error;
        }
      });
      for (const path of batch) onDeleted(path);
    }
  }

  private async guard<T>(action: string, path: string | undefined, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw fromAwsError(error, { bucket: this.options.bucket, action, key: path === undefined ? undefined : this.key(path) }) ?? error;
    }
  }
}

function regionFromEnv(): string | undefined {
  return process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || undefined;
}
