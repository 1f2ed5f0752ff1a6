// What the publish tests stand on: s3rver in its own process, a small HTTP proxy in front of it
// that logs every request and can inject faults, builds of sandbox content, and views of the
// bucket (listing, every object, dangling asset references).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { ListObjectsV2Command, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Builder } from '../../generator/build/build.ts';
import { writeAtomically } from '../../generator/output/write.ts';
import { root, type Sandbox } from '../helpers.ts';

export const node = join(root, 'node_modules/.bin/node');

export interface S3rverProcess {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts s3rver (buckets `site` and `other`) in a child process; `port` reuses a port after a stop. */
export async function startS3rver(directory: string, port = 0): Promise<S3rverProcess> {
  const child = spawn(node, ['--import', join(root, 'bin/register.js'), join(root, 'tests/integration/s3rver-process.ts'), directory, String(port)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+/.exec(out);
      if (match) resolve(match[0]);
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}: ${out}`)));
  });
  return { url, port: Number(new URL(url).port), stop: () => stopChild(child) };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

export interface LoggedRequest {
  method: string;
  /** Object key (bucket and leading slash removed), '' for bucket-level requests. */
  key: string;
  query: string;
  status?: number;
}

/** What the proxy does with a request instead of forwarding it. */
export type Fault = { status: number; code: string } | 'drop';

export interface Proxy {
  url: string;
  log: LoggedRequest[];
  /** Decides per request; undefined forwards it. Reset to undefined to heal. */
  fault?: (request: LoggedRequest, log: LoggedRequest[]) => Fault | undefined;
  close(): Promise<void>;
}

/** A proxy in front of `target` (Host header kept, so signatures stay valid). */
export async function startProxy(target: () => string): Promise<Proxy> {
  const proxy: Proxy = { url: '', log: [], close: async () => {} };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://proxy');
    const entry: LoggedRequest = { method: req.method ?? 'GET', key: decodeURIComponent(url.pathname).split('/').slice(2).join('/'), query: url.search };
    proxy.log.push(entry);
    const fault = proxy.fault?.(entry, proxy.log);
    if (fault === 'drop') {
      req.resume();
      res.socket?.destroy();
      return;
    }
    if (fault) {
      req.resume();
      entry.status = fault.status;
      res.writeHead(fault.status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${fault.code}</Code><Message>injected by the test proxy</Message><RequestId>proxy</RequestId></Error>`);
      return;
    }
    const upstream = new URL(target());
    const forward = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      entry.status = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.socket?.destroy());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  return proxy;
}

/** Requests that change the bucket. */
export const isWrite = (r: LoggedRequest) => r.method === 'PUT' || r.method === 'POST' || r.method === 'DELETE';

/** Builds the sandbox's content into `outDir` the way `site build` does. */
export async function buildTo(box: Sandbox, outDir: string): Promise<Map<string, Buffer>> {
  const outputs = await new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false }).full();
  await writeAtomically(outDir, outputs);
  return outputs;
}

/** Every object under `prefix`: path → ETag (unquoted). */
export async function listing(client: S3Client, prefix: string): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: 'site', Prefix: `${prefix}/`, ContinuationToken: token }));
    for (const o of page.Contents ?? []) keys.set(o.Key!.slice(prefix.length + 1), o.ETag!.replace(/"/g, ''));
    token = page.NextContinuationToken;
  } while (token);
  return keys;
}

export interface StoredObject {
  body: Buffer;
  contentType?: string;
  cacheControl?: string;
}

/** Downloads every object under `prefix` with its metadata. */
export async function download(client: S3Client, prefix: string): Promise<Map<string, StoredObject>> {
  const objects = new Map<string, StoredObject>();
  const paths = [...(await listing(client, prefix)).keys()];
  // Eight at a time, each read again after a dropped connection: this is the test looking at the
  // emulator's state, not the publish under test. All ~260 objects at once, on a busy CI machine,
  // once had s3rver drop a connection mid-body ("socket hang up", which the SDK does not retry
  // once the body is streaming), and the outage test failed on its own check.
  const get = async (path: string, attempt = 1): Promise<void> => {
    try {
      const r = await client.send(new GetObjectCommand({ Bucket: 'site', Key: `${prefix}/${path}` }));
      objects.set(path, { body: Buffer.from(await r.Body!.transformToByteArray()), contentType: r.ContentType, cacheControl: r.CacheControl });
    } catch (error) {
      const e = error as { name?: string; code?: string };
      if (attempt >= 3 || !(e.name === 'TimeoutError' || e.code === 'ECONNRESET' || e.code === 'EPIPE')) throw error;
      await get(path, attempt + 1);
    }
  };
  let next = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < paths.length) await get(paths[next++]!);
  }));
  return objects;
}

/** `/assets/…` references in pages and style sheets that point at no object: what a visitor would miss. */
export function danglingReferences(objects: Map<string, { body: Buffer }>): string[] {
  const missing: string[] = [];
  for (const [path, { body }] of objects) {
    if (!/\.(html|css)$/.test(path)) continue;
    for (const m of body.toString('utf8').matchAll(/\/assets\/[^"'()\s>,?#]+/g)) {
      if (!objects.has(m[0].slice(1))) missing.push(`${path} → ${m[0]}`);
    }
  }
  return missing;
}
