// The preview's --out folder keeps a build manifest (it tells `site publish` the folder is a
// preview), brought up to date once edits pause, not on every edit (Builder.refreshManifest):
// at 4,000 posts, writing it was the largest part of an edit.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPreview, type Preview } from '../../generator/preview/server.ts';
import { MANIFEST } from '../../generator/write.ts';
import { sandbox, type Sandbox } from '../helpers.ts';

let box: Sandbox;
let preview: Preview;
const out = () => join(box.dir, 'preview-out');
const onDisk = () => JSON.parse(readFileSync(join(out(), MANIFEST), 'utf8')) as { mode: string; routes: { path: string; title: string }[]; files: Record<string, { sha256: string }> };

beforeAll(async () => {
  box = sandbox();
  preview = await startPreview({ contentDir: box.content, outDir: out(), port: 0, host: '127.0.0.1', watch: true, log: () => {} });
}, 60_000);
afterAll(async () => {
  await preview?.close();
  box.remove();
});

describe('the preview folder\'s build manifest', () => {
  test('is written once edits pause, and then describes the folder as it is', async () => {
    expect(onDisk().mode).toBe('preview');
    const POST = 'blog/preparing-fleet-for-canadian-winter.md';
    const next = preview.nextUpdate();
    box.edit(POST, /^title: .*$/m, 'title: "Winter, Ready"');
    const update = await next;
    expect(update.problems).toEqual([]);
    // Right after the edit: the page is new, the manifest not yet.
    expect(onDisk().routes.find((r) => r.path === '/blog-details/10')!.title).not.toBe('Winter, Ready');
    for (let waited = 0; waited < 10_000 && onDisk().routes.find((r) => r.path === '/blog-details/10')!.title !== 'Winter, Ready'; waited += 100) await sleep(100);
    const manifest = onDisk();
    expect(manifest.routes.find((r) => r.path === '/blog-details/10')!.title).toBe('Winter, Ready');
    expect(readFileSync(join(out(), MANIFEST)).equals(preview.builder.outputs.get(MANIFEST)!)).toBe(true);
    // Every file it lists has the bytes it names.
    const page = readFileSync(join(out(), 'blog-details/10/index.html'));
    expect(manifest.files['blog-details/10/index.html']!.sha256).toBe(createHash('sha256').update(page).digest('hex'));
  }, 60_000);
});
