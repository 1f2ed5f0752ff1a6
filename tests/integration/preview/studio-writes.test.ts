// The admin's writes to content/ (generator/preview/studio.ts) against a real `site preview` on a
// copy of content/: a save changes only the edited line and the preview rebuilds; a file changed
// on disk meanwhile is never overwritten; undo; and every request that is not the admin page's
// own (no token, another Origin, a path outside content/, a link, a file of no collection) is refused.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { request } from 'node:http';
import { startPreview, type Preview } from '../../../generator/preview/server.ts';
import { sandbox, type Sandbox } from '../../helpers.ts';
import { adminToken, studioPost } from './studio-client.ts';

let box: Sandbox;
let preview: Preview;
let token = '';
const FAQ = 'faqs/01-benefits.yaml';
const sha = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  box = sandbox();
  preview = await startPreview({ contentDir: box.content, outDir: join(box.dir, 'out'), port: 0, host: '127.0.0.1', watch: true, log: () => {} });
  token = await adminToken(preview.url);
}, 120_000);

afterAll(async () => {
  await preview?.close();
  box?.remove();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => studioPost(preview.url, () => token)(path, body, headers);

describe('saving a form', () => {
  test('reads a file, saves one changed value as one changed line, and the preview rebuilds the page', async () => {
    const read = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { text: string; sha256: string; writable: boolean };
    expect(read.writable).toBe(true);
    expect(read.sha256).toBe(sha(readFileSync(join(box.content, FAQ))));
    const before = read.text;
    const next = preview.nextUpdate();
    const saved = await post('/_admin/api/file', { path: FAQ, sha256: read.sha256, edits: [{ path: ['title'], value: 'Why do fleets use telematics?' }] });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ changed: true, structural: false });
    const after = box.read(FAQ);
    const changed = after.split('\n').filter((line, i) => line !== before.split('\n')[i]);
    expect(changed).toEqual(['title: "Why do fleets use telematics?"']);
    expect((await next).problems).toEqual([]);
    expect(await (await fetch(`${preview.url}/faqs`)).text()).toContain('Why do fleets use telematics?');
  });

  test('a file changed on disk since the form read it is not overwritten: the answer carries both versions\' current one', async () => {
    const { sha256 } = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string };
    box.edit(FAQ, /^order: (\d+)$/m, 'order: $1  # an edit in the author\'s editor');
    const text = box.read(FAQ);
    const refused = await post('/_admin/api/file', { path: FAQ, sha256, edits: [{ path: ['title'], value: 'Lost?' }] });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ text, sha256: sha(text) });
    expect(box.read(FAQ)).toBe(text);
  });

  test('undo puts back the bytes before the last save, unless the file changed since', async () => {
    const { sha256, text } = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string; text: string };
    expect((await post('/_admin/api/file', { path: FAQ, sha256, edits: [{ path: ['order'], value: 9 }] })).status).toBe(200);
    expect(box.read(FAQ)).not.toBe(text);
    const undone = await post('/_admin/api/undo', { path: FAQ });
    expect(undone.status).toBe(200);
    expect(box.read(FAQ)).toBe(text);
    expect((await post('/_admin/api/undo', { path: FAQ })).status).toBe(409);
  });

  test('an unchanged form writes nothing', async () => {
    const { sha256, text } = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string; text: string };
    const title = /^title: "(.*)"$/m.exec(text)![1];
    const same = await post('/_admin/api/file', { path: FAQ, sha256, edits: [{ path: ['title'], value: title }] });
    expect(await same.json()).toMatchObject({ changed: false });
    expect(box.read(FAQ)).toBe(text);
  });
});

describe('changes without git', () => {
  test('the files changed since the preview started are listed (this copy is in no repository); discard and commit need git', async () => {
    const changes = await (await fetch(`${preview.url}/_admin/api/changes`)).json() as { git: boolean; files: { path: string; status: string }[] };
    expect(changes.git).toBe(false);
    expect(changes.files).toContainEqual({ path: FAQ, status: 'modified', diff: '' });
    expect(changes.files.every((f) => f.path !== 'site.yaml')).toBe(true);
    const refused = await post('/_admin/api/commit', { message: 'x' });
    expect(refused.status).toBe(422);
    expect((await refused.json() as { error: string }).error).toContain('needs git');
  });
});

describe('refused', () => {
  test('without the admin page\'s token, or from another origin', async () => {
    const { sha256 } = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string };
    const body = { path: FAQ, sha256, edits: [{ path: ['title'], value: 'Hacked' }] };
    expect((await post('/_admin/api/file', body, { 'x-site-token': 'x'.repeat(token.length) })).status).toBe(403);
    expect((await post('/_admin/api/file', body, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await post('/_admin/api/file', body, { 'content-type': 'text/plain' })).status).toBe(415);
    expect(box.read(FAQ)).not.toContain('Hacked');
  });

  test('from a page whose Host is not this preview\'s (DNS rebinding)', async () => {
    const { sha256 } = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string };
    const body = JSON.stringify({ path: FAQ, sha256, edits: [{ path: ['title'], value: 'Rebound' }] });
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${preview.url}/_admin/api/file`, { method: 'POST', headers: { host: 'attacker.example', origin: 'http://attacker.example', 'content-type': 'application/json', 'x-site-token': token } }, (res) => resolve(res.statusCode ?? 0));
      req.on('error', reject);
      req.end(body);
    });
    expect(status).toBe(421);
    expect(box.read(FAQ)).not.toContain('Rebound');
  });

  test('paths outside content/, through a link, or not a content file of a collection', async () => {
    writeFileSync(join(box.dir, 'outside.yaml'), 'title: outside\n');
    symlinkSync(join(box.dir, 'outside.yaml'), join(box.content, 'faqs/99-link.yaml'));
    for (const path of ['../outside.yaml', 'faqs/../../outside.yaml', '/etc/passwd', 'faqs/99-link.yaml', 'published-urls.txt', 'images/brand/logo.svg', 'faqs/missing.yaml']) {
      const read = await fetch(`${preview.url}/_admin/api/file?path=${encodeURIComponent(path)}`);
      expect(read.status, path).toBe(400);
      const write = await post('/_admin/api/file', { path, sha256: 'x', edits: [{ path: ['title'], value: 'x' }] });
      expect(write.status, path).toBe(400);
    }
    expect(readFileSync(join(box.dir, 'outside.yaml'), 'utf8')).toBe('title: outside\n');
  });

  test('edits that are not field paths and values, and bodies over the limit', async () => {
    const { sha256 } = await (await fetch(`${preview.url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string };
    expect((await post('/_admin/api/file', { path: FAQ, sha256, edits: [{ path: ['__proto__', 'x'], value: 1 }] })).status).toBe(400);
    expect((await post('/_admin/api/file', { path: FAQ, sha256, edits: [{ path: [], value: 1 }] })).status).toBe(400);
    expect((await post('/_admin/api/file', { path: FAQ, sha256, edits: 'x'.repeat(300 * 1024) })).status).toBe(413);
  });
});

describe('beyond this machine', () => {
  test('a preview listening on every interface cannot change content unless the author passed --allow-edits', async () => {
    for (const allowEdits of [false, true]) {
      const other = await startPreview({ contentDir: box.content, outDir: join(box.dir, `out-${allowEdits}`), port: 0, host: '0.0.0.0', watch: false, allowEdits, log: () => {} });
      try {
        const url = other.url.replace('0.0.0.0', '127.0.0.1');
        const own = await adminToken(url);
        const read = await (await fetch(`${url}/_admin/api/file?path=${FAQ}`)).json() as { sha256: string; writable: boolean };
        expect(read.writable).toBe(allowEdits);
        const saved = await fetch(`${url}/_admin/api/file`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url, 'x-site-token': own }, body: JSON.stringify({ path: FAQ, sha256: read.sha256, edits: [{ path: ['order'], value: 42 }] }) });
        expect(saved.status).toBe(allowEdits ? 200 : 403);
        if (!allowEdits) expect((await saved.json() as { error: string }).error).toContain('--allow-edits');
      } finally {
        await other.close();
      }
    }
  }, 60_000);
});
