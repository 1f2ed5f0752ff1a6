// What s3rver lacks and the lead function relies on, added around it so the preview's archive
// behaves as S3 does: a PUT with `If-None-Match: *` is refused with 412 when the key exists (a
// create-only write), an object is replaced whole or not at all (never half-written, never left
// empty by a dropped connection), requests on one key are answered one at a time (so a read
// never sees a write in progress), and listings longer than one page work on Node 24.
import { randomBytes } from 'node:crypto';
import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname } from 'node:path';
import { pipeline } from 'node:stream/promises';

interface Store {
  getResourcePath(bucket: string, key: string, resource: string): string;
  existsObject(bucket: string, key: string): Promise<boolean>;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
}

interface StoredObject { bucket: string; key: string; content: Buffer | NodeJS.ReadableStream; metadata: Record<string, string> }

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Replaces the store's write with one to a temporary file renamed into place once the body is whole. */
export function atomicWrites(store: Store): void {
  store.putObject = async (object) => {
    const target = store.getResourcePath(object.bucket, object.key, 'object');
    const temporary = `${target}.partial-${randomBytes(6).toString('hex')}`;
    await mkdir(dirname(target), { recursive: true });
    const md5 = crypto.createHash('md5');
    let size = 0;
    try {
      if (Buffer.isBuffer(object.content)) {
        md5.update(object.content);
        size = object.content.length;
        await pipeline([object.content], createWriteStream(temporary));
      } else {
        const source = object.content as IncomingMessage;
        await pipeline(source, async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            md5.update(chunk);
            size += chunk.length;
            yield chunk;
          }
          // A request whose connection dropped ends its stream early: that is no object.
          if (source.complete === false) throw Object.assign(new Error('The request body ended before it was complete'), { code: 'IncompleteBody' });
        }, createWriteStream(temporary));
      }
      const digest = md5.digest('hex');
      await rename(temporary, target);
      await store.putMetadata(object.bucket, object.key, object.metadata, digest);
      return { size, md5: digest };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  };
}

/**
 * The request listener in front of s3rver's: one request at a time per object key, and a
 * create-only PUT answered 412 when the key is taken (checked and written under the key's turn,
 * so of two racing creates exactly one wins, as on S3).
 */
export function conditionalRequests(store: Store, handlers: Handler[]): Handler {
  const turns = new Map<string, Promise<void>>();
  return (req, res) => {
    const target = objectOf(req.url ?? '/');
    const run = () => handlers.forEach((handler) => handler(req, res));
    if (!target || req.method === 'POST') return run();
    const id = `${target.bucket}/${target.key}`;
    const before = turns.get(id) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const queued = before.then(() => mine);
    turns.set(id, queued);
    res.once('close', () => {
      release();
      if (turns.get(id) === queued) turns.delete(id);
    });
    void before.then(async () => {
      if (req.method === 'PUT' && req.headers['if-none-match'] === '*' && !req.headers['x-amz-copy-source'] && (await store.existsObject(target.bucket, target.key).catch(() => false))) {
        req.resume();
        res.writeHead(412, { 'content-type': 'application/xml', 'x-amz-error-code': 'PreconditionFailed' });
        res.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message><Condition>If-None-Match</Condition></Error>');
        return;
      }
      run();
    });
  };
}

/** The bucket and key of a path-style object URL, or null for a bucket or service request. */
function objectOf(url: string): { bucket: string; key: string } | null {
  const path = url.split('?')[0]!;
  const match = /^\/([^/]+)\/(.+)$/.exec(path);
  if (!match) return null;
  try {
    return { bucket: decodeURIComponent(match[1]!), key: decodeURIComponent(match[2]!) };
  } catch {
    return null;
  }
}

let tokensPatched = false;

/**
 * s3rver seals ListObjectsV2 continuation tokens with DES, which Node 24's OpenSSL offers only
 * with --openssl-legacy-provider, so any listing longer than one page answered 500. The token
 * needs only to come back as it went: s3rver's DES (8-byte key and IV) becomes AES-128-CBC with
 * the same bytes doubled, in this process only and for that algorithm only.
 */
export function continuationTokensOnModernOpenSsl(): void {
  if (tokensPatched) return;
  tokensPatched = true;
  const doubled = (bytes: crypto.BinaryLike) => Buffer.concat([Buffer.from(bytes as Buffer), Buffer.from(bytes as Buffer)]);
  const { createCipheriv, createDecipheriv } = crypto;
  const patched = crypto as unknown as Record<'createCipheriv' | 'createDecipheriv', (...args: unknown[]) => unknown>;
  patched.createCipheriv = (algorithm: unknown, key: unknown, iv: unknown, ...rest: unknown[]) =>
    algorithm === 'des' ? createCipheriv('aes-128-cbc', doubled(key as Buffer), doubled(iv as Buffer)) : (createCipheriv as (...a: unknown[]) => unknown)(algorithm, key, iv, ...rest);
  patched.createDecipheriv = (algorithm: unknown, key: unknown, iv: unknown, ...rest: unknown[]) =>
    algorithm === 'des' ? createDecipheriv('aes-128-cbc', doubled(key as Buffer), doubled(iv as Buffer)) : (createDecipheriv as (...a: unknown[]) => unknown)(algorithm, key, iv, ...rest);
}
