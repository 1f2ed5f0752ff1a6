// Runs the real `site preview` CLI on a sandboxed copy of content/ (tests may edit it).
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { root, sandbox, type Sandbox } from '../helpers.ts';

export interface PreviewProcess { box: Sandbox; base: string; log(): string; stop(): void }

export async function startPreviewProcess(prepare?: (box: Sandbox) => void): Promise<PreviewProcess> {
  const box = sandbox();
  prepare?.(box);
  let log = '';
  const child: ChildProcess = spawn(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), 'preview', '--port', '0', '--out', join(box.dir, 'preview')], { cwd: box.dir, env: { ...process.env, NO_COLOR: '1' } });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview did not start:\n${log}`)), 30_000);
    const check = () => {
      const m = /Preview http:\/\/[^:]+:(\d+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      } else setTimeout(check, 100);
    };
    check();
  });
  return { box, base: `http://127.0.0.1:${port}`, log: () => log, stop: () => { child.kill(); box.remove(); } };
}
