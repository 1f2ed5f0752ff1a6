// The preview shows what `site build --strict` (what publishing runs) would stop on, in its
// terminal and over the live-reload stream, so an author learns it while editing, not in CI.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startPreview, type Preview } from '../../../generator/preview/server.ts';
import { digestOf } from '../../../generator/content/load.ts';
import { contentDir, root, sandbox, type Sandbox } from '../../helpers.ts';

const POST = 'blog/fleet-management-trends-2024.md';
const DRAFT = 'blog/ai-in-fleet-management-today.md';
let box: Sandbox;
let preview: Preview;
let logged: string[] = [];

/** The lines under `site build --strict`'s warnings heading, for the box's content as it is now. */
function strictLines(): string[] {
  const result = spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), '--content', box.content, 'build', '--strict', '--no-cache', '--out', join(box.dir, 'dist')], { cwd: process.cwd(), encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
  expect(result.status, result.stderr).toBe(1);
  const lines = result.stderr.split('\n');
  const heading = lines.findIndex((l) => l.startsWith('⚠ '));
  const end = lines.findIndex((l, i) => i > heading && l.startsWith('✗ --strict'));
  return lines.slice(heading + 1, end).filter((l) => l.trim());
}

/** The `warnings` event a page gets on connecting to the live-reload stream. */
async function warningsEvent(): Promise<{ count: number; lines: string[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 5_000);
  const res = await fetch(`${preview.url}/_site/events`, { signal: controller.signal });
  const reader = res.body!.getReader();
  let text = '';
  try {
    for (;;) {
      const m = /event: warnings\ndata: (.*)\n\n/.exec(text);
      if (m) return JSON.parse(m[1]!);
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended without a warnings event:\n${text}`);
      text += new TextDecoder().decode(value);
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

/** The preview's last warnings heading and the `n` lines it printed after it. */
function loggedAfterHeading(n: number): { heading: string; lines: string[] } {
  const at = logged.findLastIndex((l) => l.includes('site build --strict'));
  return { heading: logged[at] ?? '', lines: logged.slice(at + 1, at + 1 + n) };
}

beforeAll(async () => {
  box = sandbox();
  box.edit(POST, /^description: .*\n/m, '');
  // The French copy says it translates the edited file, so that the one warning is the description's.
  box.edit(`fr/${POST}`, /^sourceHash: .*$/m, `sourceHash: "${digestOf(readFileSync(join(box.content, POST)))}"`);
  preview = await startPreview({ contentDir: box.content, outDir: join(box.dir, 'preview-out'), port: 0, host: '127.0.0.1', watch: true, log: (line) => logged.push(line) });
}, 120_000);
afterAll(async () => {
  await preview?.close();
  box?.remove();
});

describe('the warnings publishing would stop on, in the preview', () => {
  test('the preview prints and sends the same lines as site build --strict for the same content', async () => {
    const expected = strictLines();
    expect(expected.join('\n')).toContain(`content/${POST}:1:1  page has no description of its own`);
    expect(loggedAfterHeading(expected.length)).toEqual({ heading: '⚠ 1 warning: npx site build --strict (what publishing runs) would stop on it:', lines: expected });
    expect(await warningsEvent()).toEqual({ count: 1, lines: expected });
  }, 120_000);

  test('a draft-only page does not add a warning, since publishing builds without drafts', async () => {
    const next = preview.nextUpdate();
    // A new post, never published (a published post made a draft would be a URL that breaks:
    // that warns, in the preview as in site build). It has no description and no French copy.
    box.write('blog/draft-only.md', readFileSync(join(box.content, DRAFT), 'utf8').replace(/^id: \d+$/m, 'id: 990').replace(/^description: .*\n/m, 'draft: true\n'));
    expect((await next).problems).toEqual([]);
    const printed = logged.length;
    expect((await warningsEvent()).lines).toEqual(strictLines());
    // The set did not change: it is not printed again.
    expect(logged.slice(printed).some((l) => l.includes('site build --strict'))).toBe(false);
    const gone = preview.nextUpdate();
    rmSync(join(box.content, 'blog/draft-only.md'));
    expect((await gone).problems).toEqual([]);
  }, 120_000);

  test('once the warning is fixed, the preview says so and sends none', async () => {
    const next = preview.nextUpdate();
    for (const file of [POST, `fr/${POST}`]) box.write(file, readFileSync(join(contentDir, file), 'utf8'));
    expect((await next).problems).toEqual([]);
    expect(await warningsEvent()).toEqual({ count: 0, lines: [] });
    expect(logged.at(-1)).toMatch(/site build --strict \(what publishing runs\) would pass/);
  }, 120_000);
});
