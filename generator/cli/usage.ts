// Flags checked before any work starts, each wrong one a usage error (exit 2) that says what to
// pass instead. Otherwise a preview on a busy port would build the whole site, fail to listen,
// print the bug banner and never exit, and a --content folder that does not exist would give a
// "file is missing" for every file it needs.
import { statSync } from 'node:fs';
import { createServer } from 'node:net';
import { InvalidArgumentError } from 'commander';
import { UsageError } from '../problems/errors.ts';
import { displayPath, pathFormProblem } from '../content/paths.ts';
import { loadFile } from '../content/load.ts';
import { parseMoment } from '../content/schedule.ts';
import { siteClock } from '../validate/schedule.ts';

/** commander's parser for a port flag: a whole number from 0 (any free port) to 65535. */
export function portParser(flag: string): (value: string) => number {
  return (value) => {
    const port = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isInteger(port) || port > 65535) throw new InvalidArgumentError(`${flag} must be a whole number from 0 to 65535, not "${value}".`);
    return port;
  };
}

/** commander's parser for --port. */
export const parsePort = portParser('--port');

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

/** What the port check needs to name the flag and the command that would work instead. */
export interface PortFlag {
  /** The `site` command being started: preview or serve. */
  command: string;
  /** The flag that chose this port: --port, or --mail-port for the preview's mail inbox. */
  flag: string;
}

/**
 * Throws a UsageError when the server could not listen on `host:port`, naming a free port to
 * try instead, in a command that works for how this one was started. Port 0 (the system picks
 * one) always works.
 */
export async function assertPortFree(host: string, port: number, use: PortFlag = { command: 'preview', flag: '--port' }): Promise<void> {
  if (port === 0) return;
  const code = await probe(host, port);
  if (!code) return;
  const which = use.flag === '--port' ? `port ${port}` : `port ${port} (${use.flag})`;
  if (code === 'EADDRINUSE') {
    const free = await nextFreePort(host, port);
    throw new UsageError(`${which} is in use${free ? `; try ${rerunHint(use.command, `${use.flag} ${free}`)}` : `; stop what runs there or choose another with ${use.flag}`}`);
  }
  if (code === 'EACCES') throw new UsageError(`${which} needs administrator rights; choose one above 1023 with ${use.flag} (e.g. ${use.flag} 4321)`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') throw new UsageError(`${host} is not an address of this machine; choose another with --host (e.g. --host 127.0.0.1)`);
  throw new UsageError(`cannot listen on ${host}:${port} (${code}); choose another ${use.flag} or --host`);
}

/**
 * The command to type to run `site <command>` again with `flags`. Under an npm script that runs
 * the CLI (npm start), flags must follow `--`, or npm takes them as its own settings; npm says
 * which script runs in npm_lifecycle_event and what it runs in npm_lifecycle_script. Anything
 * else (npx, bin/site.js by hand, a test runner's child) gets `npx site`, which works from the
 * project folder whatever started it.
 */
export function rerunHint(command: string, flags: string, env: NodeJS.ProcessEnv = process.env): string {
  const script = env.npm_lifecycle_event;
  if (script && script !== 'npx' && /(^|[\s/])(bin\/site\.js|site)\s/.test(`${env.npm_lifecycle_script ?? ''} `)) {
    return script === 'start' ? `npm start -- ${flags}` : `npm run ${script} -- ${flags}`;
  }
  return `npx site ${command} ${flags}`;
}

/** The first of the next 20 ports that is free, if any. */
async function nextFreePort(host: string, port: number): Promise<number | undefined> {
  for (let candidate = port + 1; candidate <= Math.min(port + 20, 65535); candidate++) {
    if (!(await probe(host, candidate))) return candidate;
  }
  return undefined;
}

/**
 * `--at`: the moment to build the site for, written as content writes publishAt (a date, or a
 * date and a 24-hour time), in the site's time zone (site.yaml `timeZone`); `now` for the clock.
 */
export function parseAt(value: string | undefined, contentDir: string): number | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === 'now') return Date.now();
  const site = loadFile(contentDir, 'site', 'site.yaml');
  const zone = siteClock([site]).zone;
  const at = parseMoment(value, zone);
  if (at === undefined) throw new UsageError(`--at "${value}" is not a date and time: write it as content writes publishAt, e.g. --at "2026-12-07 09:00" (${zone} time) or --at 2026-12-07`);
  return at;
}
