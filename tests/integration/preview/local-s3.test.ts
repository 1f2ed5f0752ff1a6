// The preview's local S3 behaves as S3 does for what the lead function relies on: create-only
// writes (s3rver ignored If-None-Match: five racing creates all "won"), whole objects (a dropped
// upload left a 0-byte or half object), reads that never see a write in progress, and listings
// past 1,000 keys on Node 24 without --openssl-legacy-provider (they answered 500).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { localS3Client, startLocalS3, type LocalS3 } from '../../../generator/preview/local-aws.ts';

let s3: LocalS3;
let dir: string;
const bucket = 'faithful';
const client = () => localS3Client(s3.url);
const text = async (Key: string) => (await client().send(new GetObjectCommand({ Bucket: bucket, Key }))).Body!.transformToString();

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'local-s3-'));
  s3 = await startLocalS3({ directory: dir, buckets: [bucket] });
});

afterAll(async () => {
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A PUT written by hand on a socket: the headers and `sent` of a body of `length` bytes; answers the socket. */
function rawPut(key: string, sent: string, length: number) {
  const socket = connect(s3.port, '127.0.0.1');
  socket.write(`PUT /${bucket}/${key} HTTP/1.1\r\nHost: 127.0.0.1:${s3.port}\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n\r\n${sent}`);
  let answer = '';
  socket.on('data', (chunk) => (answer += chunk));
  socket.on('error', () => undefined);
  return { socket, answer: () => answer };
}

describe('the local S3 stand-in', () => {
  test('of five create-only writes racing on one key exactly one succeeds; the others get 412 and the object is the winner\'s', async () => {
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) =>
      client().send(new PutObjectCommand({ Bucket: bucket, Key: 'race/one.json', Body: `writer ${i}`, ContentType: 'text/plain', IfNoneMatch: '*' }))));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode).toBe(412);
    expect(await text('race/one.json')).toBe(`writer ${won[0]}`);
  });

  test('a plain PUT still replaces an object', async () => {
    await client().send(new PutObjectCommand({ Bucket: bucket, Key: 'plain.txt', Body: 'first', ContentType: 'text/plain' }));
    await client().send(new PutObjectCommand({ Bucket: bucket, Key: 'plain.txt', Body: 'second', ContentType: 'text/plain' }));
    expect(await text('plain.txt')).toBe('second');
  });

  test('an upload whose connection drops leaves no object, and an object it was replacing intact', async () => {
    await client().send(new PutObjectCommand({ Bucket: bucket, Key: 'dropped/kept.txt', Body: 'the whole old object', ContentType: 'text/plain' }));
    for (const key of ['dropped/new.txt', 'dropped/kept.txt']) {
      const put = rawPut(key, 'half of it', 100);
      await new Promise((resolve) => setTimeout(resolve, 150));
      put.socket.destroy();
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    const listed = (await client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'dropped/' }))).Contents?.map((o) => o.Key);
    expect(listed).toEqual(['dropped/kept.txt']);
    expect(await text('dropped/kept.txt')).toBe('the whole old object');
  });

  test('a read during a write answers the whole new object, never part of it', async () => {
    await client().send(new PutObjectCommand({ Bucket: bucket, Key: 'slow.txt', Body: 'old', ContentType: 'text/plain' }));
    const put = rawPut('slow.txt', 'new-', 8);
    await new Promise((resolve) => setTimeout(resolve, 150));
    const read = text('slow.txt');
    await new Promise((resolve) => setTimeout(resolve, 150));
    put.socket.write('body');
    expect(await read).toBe('new-body');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(put.answer()).toMatch(/^HTTP\/1\.1 200/);
    put.socket.destroy();
  });

  test('lists 1,200 keys page by page', async () => {
    const keys = Array.from({ length: 1200 }, (_, i) => `many/${String(i).padStart(4, '0')}.json`);
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((Key) => client().send(new PutObjectCommand({ Bucket: bucket, Key, Body: '{}', ContentType: 'application/json' }))));
    }
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const page = await client().send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'many/', ContinuationToken: token }));
      seen.push(...(page.Contents ?? []).map((o) => o.Key!));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
      pages += 1;
    } while (token);
    expect(pages).toBe(2);
    expect(seen).toEqual(keys);
  }, 60_000);
});
