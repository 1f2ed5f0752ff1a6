// How the `site` command is started: on an old Node it says which Node it needs and what to
// run instead, and a busy port's hint names a command that works for the way it was started.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../../helpers.ts';
import { rerunHint } from '../../../generator/cli/usage.ts';

const node = join(root, 'node_modules/.bin/node');
const bin = join(root, 'bin/site.js');

/** The machine's own Node, when it is older than the project's (Debian's Node 20 here). */
const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find((path) => {
  if (!existsSync(path)) return false;
  const version = spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
  return Number(version.split('.')[0]) < 24;
});

/** The environment without npm's variables, as a shell gives it. */
function plainEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { NO_COLOR: '1', LEADS_BUCKET: '' };
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('npm_')) env[key] = value;
  return { ...env, ...extra };
}

describe.skipIf(!systemNode)('on an older Node the CLI says which Node it needs', () => {
  test('node bin/site.js with the system Node prints one line naming Node 24, npx site and npm start, and exits 2 (it died with a SyntaxError about enableCompileCache)', () => {
    const result = spawnSync(systemNode!, [bin, '--help'], { cwd: root, encoding: 'utf8', env: plainEnv() });
    expect(result.status).toBe(2);
    expect(result.stderr).not.toMatch(/SyntaxError|at file:/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/Node 24/);
    expect(result.stderr).toContain('npx site');
    expect(result.stderr).toContain('npm start');
    expect(result.stdout).toBe('');
  });

  test('bin/site.js run as a program with the system Node first on PATH says the same', () => {
    const path = [systemNode!.replace(/\/node$/, ''), ...(process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules'))].join(':');
    const result = spawnSync(bin, ['build'], { cwd: root, encoding: 'utf8', env: plainEnv({ PATH: path }) });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^site needs Node 24 or newer/);
    expect(result.stderr).not.toMatch(/SyntaxError/);
  });
});

describe('the busy-port hint names a command that works as typed', () => {
  test('started by npm start, the hint is npm start -- --port N (npm start --port N gives npm the flag)', () => {
    expect(rerunHint('preview', '--port 4322', { npm_lifecycle_event: 'start', npm_lifecycle_script: 'bin/site.js preview' })).toBe('npm start -- --port 4322');
  });

  test('started by another npm script that runs the CLI, the hint is npm run <script> -- <flag>', () => {
    expect(rerunHint('preview', '--port 4322', { npm_lifecycle_event: 'dev', npm_lifecycle_script: 'site preview --drafts' })).toBe('npm run dev -- --port 4322');
  });

  test('started by npx, by hand, or by a script that runs something else (the test runner), the hint is npx site <command> <flag>', () => {
    expect(rerunHint('preview', '--port 4322', { npm_command: 'exec', npm_lifecycle_event: 'npx' })).toBe('npx site preview --port 4322');
    expect(rerunHint('serve', '--port 4322', {})).toBe('npx site serve --port 4322');
    expect(rerunHint('preview', '--port 4322', { npm_lifecycle_event: 'test', npm_lifecycle_script: 'node scripts/test-all.mjs' })).toBe('npx site preview --port 4322');
  });

  describe('a real busy port', () => {
    let busy: Server;
    let port: number;
    beforeAll(async () => {
      busy = createServer();
      await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', () => resolve()));
      port = (busy.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => busy.close(() => resolve())));

    const run = (args: string[], env: NodeJS.ProcessEnv) => new Promise<{ status: number | null; stderr: string }>((resolve) => {
      const child = spawn(node, [bin, ...args], { cwd: root, env });
      let stderr = '';
      child.stderr.on('data', (d) => (stderr += d));
      const timer = setTimeout(() => child.kill('SIGTERM'), 30_000);
      child.on('close', (status) => {
        clearTimeout(timer);
        resolve({ status, stderr });
      });
    });

    test('npm start on a busy port: the hint says npm start -- --port N (it said try --port N, which npm start does not pass on)', async () => {
      const result = await run(['preview', '--port', String(port), '--no-watch'], plainEnv({ npm_lifecycle_event: 'start', npm_lifecycle_script: 'bin/site.js preview', npm_command: 'run-script' }));
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^error: port ${port} is in use; try npm start -- --port \\d+\\n$`));
    });

    test('npx site preview --mail-port on a busy port: a usage error naming --mail-port', async () => {
      const result = await run(['preview', '--port', '0', '--mail-port', String(port), '--no-watch'], plainEnv({ npm_command: 'exec', npm_lifecycle_event: 'npx' }));
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(new RegExp(`^error: port ${port} \\(--mail-port\\) is in use; try npx site preview --mail-port \\d+\\n$`));
    });
  });

  test('site preview --help documents --mail-port and what the mail inbox is', () => {
    const result = spawnSync(node, [bin, 'preview', '--help'], { cwd: root, encoding: 'utf8', env: plainEnv() });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/--mail-port <port>\s+port of the local SES stand-in/);
  });
});
