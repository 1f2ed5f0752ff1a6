// The local stand-ins for AWS that `site preview` and the tests run in-process, on 127.0.0.1
// only: s3rver (the S3 REST API, objects on disk) and aws-ses-v2-local (the SES API, mail kept
// in memory and shown at its web inbox). Nothing here needs an AWS account or credentials.
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { SESClient } from '@aws-sdk/client-ses';

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
export async function startLocalS3(options: { directory: string; port?: number; buckets: string[]; corsOrigins?: string[] }): Promise<LocalS3> {
  mkdirSync(options.directory, { recursive: true });
  const { default: S3rver } = await import('s3rver');
  const cors = options.corsOrigins?.length ? [corsXml(options.corsOrigins)] : [];
  const s3rver = new S3rver({
    directory: options.directory,
    address: '127.0.0.1',
    port: options.port ?? 0,
    silent: true,
    configureBuckets: options.buckets.map((name) => ({ name, configs: cors })),
  });
  const address = await s3rver.run();
  return { url: `http://127.0.0.1:${address.port}`, port: address.port, close: () => s3rver.close() };
}

/** Starts the SES emulator. Its mail store is per process: every instance in a process shares it. */
export async function startLocalSes(options: { port?: number } = {}): Promise<LocalSes> {
  const module = (await import('aws-ses-v2-local')) as unknown as { default: { default: (c: object) => Promise<Server> } | ((c: object) => Promise<Server>) };
  const start = typeof module.default === 'function' ? module.default : module.default.default;
  const server = await start({ host: '127.0.0.1', port: options.port ?? 0 });
  const port = (server.address() as AddressInfo).port;
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
  return new SESClient({ endpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS, maxAttempts: 1 });
}

function corsXml(origins: string[]): string {
  const rules = origins.map((origin) => `<CORSRule><AllowedOrigin>${origin}</AllowedOrigin><AllowedMethod>POST</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedHeader>*</AllowedHeader><MaxAgeSeconds>600</MaxAgeSeconds></CORSRule>`).join('');
  return `<CORSConfiguration>${rules}</CORSConfiguration>`;
}
