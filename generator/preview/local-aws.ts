// The local stand-ins for AWS that `site preview` and the tests run in-process, on 127.0.0.1
// only: s3rver (the S3 REST API, objects on disk) and aws-ses-v2-local (the SES API, mail kept
// in memory and shown at its web inbox). Nothing here needs an AWS account or credentials.
import { mkdirSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';
import { sendingClientOptions } from '../../functions/send-email/mailer.ts';
import { atomicWrites, conditionalRequests, continuationTokensOnModernOpenSsl } from './local-s3.ts';
import { hostAllowed, parseHost } from './guard.ts';

/** Credentials the emulators accept; never real ones. */
export const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
export const LOCAL_REGION = 'ca-central-1';

export interface LocalS3 {
  url: string;
  port: number;
  close(): Promise<void>;
}

export interface LocalSes {
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * Starts s3rver with `buckets` created (each may allow browser uploads from `corsOrigins`).
 * `port: 0` picks a free port.
 */
export async function startLocalS3(options: { directory: string; port?: number; buckets: string[]; browserOrigin?: (origin: string) => boolean }): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const { default: S3rver } = await import('s3rver');
  // Any origin as far as CORS goes: the guard below has already refused every origin but the
  // pages that may upload (the preview's, by whichever of its addresses it was opened).
  const cors = options.browserOrigin ? [corsXml(['*'])] : [];
  const s3rver = new S3rver({
    directory: options.directory,
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: cors })),
  });
  // The lead function relies on create-only writes and whole objects (local-s3.ts).
  const store = (s3rver as unknown as { store: Parameters<typeof atomicWrites>[0] }).store;
  atomicWrites(store);
  continuationTokensOnModernOpenSsl();
  const address = await s3rver.run();
  const server = (s3rver as unknown as { httpServer: Server }).httpServer;
  guardStandIn(server, address.port, 'S3', options.browserOrigin, (handlers) => conditionalRequests(store, handlers));
  return { url: `http://127.0.0.1:${address.port}`, port: address.port, close: () => s3rver.close() };
}

/** Starts the SES emulator. Its mail store is per process: every instance in a process shares it. */
export async function startLocalSes(options: { port?: number } = {}): Promise<LocalSes> {
  const module = (await import('aws-ses-v2-local')) as unknown as { default: { default: (c: object) => Promise<Server> } | ((c: object) => Promise<Server>) };
  const start = typeof module.default === 'function' ? module.default : module.default.default;
  const server = await start({ host: '127.0.0.1', port: options.port ?? 0 });
  const port = (server.address() as AddressInfo).port;
  // Its own web inbox (same origin) is the only page that may use it.
  guardStandIn(server, port, 'SES');
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** An S3 client for s3rver: path-style URLs and no default checksums (s3rver mis-stores streamed, checksummed uploads). */
export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    endpoint,
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function localSesClient(endpoint: string): SESClient {
  return new SESClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, ...sendingClientOptions });
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

function corsXml(origins: string[]): string {
  const rules = origins.map((origin) => `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule>`).join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}

/**
 * The preview's Host and Origin rules (preview/guard.ts) in front of a stand-in. Without them any
 * page open in the author's browser could post into the lead archive (s3rver writes a POST's
 * `key` to disk as given, `../` included, so anywhere the author can write), clear the captured
 * mail with a form post, or read every lead and e-mail through DNS rebinding. A request is
 * answered when its Host is localhost or an IP address (never a DNS name), and,
 * when it carries an Origin (browsers send one with every POST, PUT and DELETE, and with CORS
 * reads; the SDK in this process sends none), when that origin is the stand-in's own (the SES
 * inbox's page) or one `browserOrigin` accepts (the preview's pages, which upload résumés).
 */
function guardStandIn(server: Server, port: number, name: string, browserOrigin: (origin: string) => boolean = () => false, wrap?: (handlers: Handler[]) => Handler): void {
  const given = server.listeners('request') as Handler[];
  const handlers = wrap ? [wrap(given)] : given;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const host = req.headers.host;
    const origin = req.headers.origin;
    let refusal: [number, string] | undefined;
    // Any port: what DNS rebinding needs is a name of the attacker's, and a proxy in front (the
    // publish tests' fault injector) forwards its own.
    const named = host === undefined ? undefined : parseHost(host);
    if (!named || !hostAllowed(host, { host: '127.0.0.1', port: named.port })) refusal = [421, `this is the local ${name} stand-in; it answers only requests addressed to 127.0.0.1 or localhost (port ${port})`];
    else if (origin !== undefined && origin.toLowerCase() !== `http://${host}`.toLowerCase() && !browserOrigin(origin)) refusal = [403, `the local ${name} stand-in takes requests from the preview's pages only, not from ${origin}`];
    if (!refusal) {
      for (const handler of handlers) handler.call(server, req, res);
      return;
    }
    res.writeHead(refusal[0], { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', connection: 'close' });
    res.end(`${refusal[0]}: ${refusal[1]}.\n`);
  });
}
