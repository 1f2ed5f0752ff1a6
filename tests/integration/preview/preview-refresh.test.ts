// What a preview edit leaves behind (Builder.refresh): the sitemap and the search indexes, which
// list every page and post, and the --out folder's build manifest (never served; it tells
// `site publish` the folder is a preview). They are made when edits pause, or at once when one
// is asked for, not on every edit: at 20,000 posts they were ~125 ms of each, plus 4 MB of
// manifest. No request may get one an edit made stale.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPreview, type Preview } from '../../../generator/preview/server.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox;
let preview: Preview;
const POST = 'blog/preparing-fleet-for-canadian-winter.md';
const out = () => join(box.dir, 'preview-out');
const onDisk = () => JSON.parse(readFileSync(join(out(), MANIFEST), 'utf8')) as { mode: string; routes: { path: string; title: string }[]; files: Record<string, { sha256: string }> };
const titleOnDisk = () => onDisk().routes.find((r) => r.path === '/blog-details/10')!.title;

async function edit(title: string) {
  const next = preview.nextUpdate();
  box.edit(POST, /^title: .*$/m, `title: "${title}"`);
  const update = await next;
  expect(update.problems).toEqual([]);
}

beforeAll(async () => {
  box = sandbox();
  preview = await startPreview({ contentDir: box.content, outDir: out(), port: 0, host: '127.0.0.1', watch: true, log: () => {} });
}, 60_000);
afterAll(async () => {
  await preview?.close();
  box.remove();
});

describe('what a preview edit leaves for later', () => {
  test('a search index asked for right after an edit is the new one, and the folder\'s manifest is brought up to date with it', async () => {
    expect(onDisk().mode).toBe('preview');
    await edit('Winter, Ready');
    // The page is new; the manifest in the folder is not yet.
    expect(titleOnDisk()).not.toBe('Winter, Ready');
    const index = await (await fetch(`${preview.url}/search-index.json`)).json() as { id: number; title: string }[];
    expect(index.find((p) => p.id === 10)!.title).toBe('Winter, Ready');
    const sitemap = await (await fetch(`${preview.url}/sitemap.xml`)).text();
    expect(sitemap).toContain('/blog-details/10');
    expect(titleOnDisk()).toBe('Winter, Ready');
    expect(readFileSync(join(out(), 'search-index.json')).equals(preview.builder.outputs.get('search-index.json')!)).toBe(true);
  }, 60_000);

  test('without a request, they are made once edits pause, and then describe the folder as it is', async () => {
    await edit('Winter, Ready Again');
    for (let waited = 0; waited < 10_000 && titleOnDisk() !== 'Winter, Ready Again'; waited += 100) await sleep(100);
    expect(titleOnDisk()).toBe('Winter, Ready Again');
    expect(readFileSync(join(out(), MANIFEST)).equals(preview.builder.outputs.get(MANIFEST)!)).toBe(true);
    expect(JSON.parse(readFileSync(join(out(), 'search-index.json'), 'utf8')).find((p: { id: number }) => p.id === 10).title).toBe('Winter, Ready Again');
    // Every file the manifest lists has the bytes it names.
    const page = readFileSync(join(out(), 'blog-details/10/index.html'));
    expect(onDisk().files['blog-details/10/index.html']!.sha256).toBe(createHash('sha256').update(page).digest('hex'));
  }, 60_000);
});
