// Flags checked before any work starts, each wrong one a usage error (exit 2) that says what to
// pass instead. A preview on a busy port used to build the whole site, fail to listen, print the
// bug banner and never exit; a --content folder that does not exist gave 17 "file is missing".
import { statSync } from 'node:fs';
import { createServer } from 'node:net';
import { InvalidArgumentError } from 'commander';
import { UsageError } from '../errors.ts';
import { displayPath, pathFormProblem } from '../paths.ts';

/** commander's parser for --port: a whole number from 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port > 65535) throw new InvalidArgumentError(`--port must be a whole number from 0 to 65535, not "${value}".`);
  return port;
}

/** commander's parser for --concurrency: requests in flight, 1 to 256. */
export function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 256) throw new InvalidArgumentError(`--concurrency must be a whole number from 1 to 256, not "${value}".`);
  return n;
}

/**
 * commander's parser for --prefix: folders inside the bucket, outer slashes dropped. A `..` or an
 * empty segment names no folder there (S3 would keep `../x` as a key the site never serves, and
 * s3rver, the local stand-in, wrote the files beside its own folder).
 */
export function parsePrefix(value: string): string {
  const prefix = value.replace(/^\/+|\/+$/g, '');
  const problem = prefix === '' ? undefined : pathFormProblem(prefix);
  if (problem) throw new InvalidArgumentError(`--prefix ${problem}: name folders inside the bucket, such as staging or previews/pr-12, not "${value}".`);
  return prefix;
}

/** The content folder `--content` names, when it is one. */
export function contentFolder(dir: string): string {
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory()) {
    throw new UsageError(`content folder ${displayPath(dir) || dir} does not exist; run from the project folder or pass --content <dir>`);
  }
  return dir;
}

/** Why `port` on `host` cannot be listened on (an errno code such as EADDRINUSE), or undefined when it can. */
export function probe(host: string, port: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'EUNKNOWN'));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/**
 * Throws a UsageError when the server could not listen on `host:port`, naming a free port to
 * try instead. Port 0 (the system picks one) always works.
 */
export async function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const code = await probe(host, port);
  if (!code) return;
  if (code === 'EADDRINUSE') {
    const free = await nextFreePort(host, port);
    throw new UsageError(`port ${port} is in use${free ? `; try --port ${free}` : '; stop what runs there or choose another with --port'}`);
  }
  if (code === 'EACCES') throw new UsageError(`port ${port} needs administrator rights; choose one above 1023 with --port (e.g. --port 4321)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw new UsageError(`${host} is not an address of this machine; choose another with --host (e.g. --host 127.0.0.1)`);
  throw new UsageError(`cannot listen on ${host}:${port} (${code}); choose another --port or --host`);
}

/** The first of the next 20 ports that is free, if any. */
async function nextFreePort(host: string, port: number): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535); candidate++) {
    if (!(await probe(host, candidate))) return candidate;
  }
  return undefined;
}
