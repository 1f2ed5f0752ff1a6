// The studio's authoring writes against a real `site preview` on a copy of content/ kept in its
// own git repository: a draft checked with the build's words, a Markdown body saved, a key
// removed, items created as `site new` makes them, a translation started and stamped, photos
// judged by their bytes, and changes listed, discarded and committed with git.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { startPreview, type Preview } from '../../../generator/preview/server.ts';
import { sandbox, type Sandbox } from '../../helpers.ts';
import { adminToken, studioPost } from './studio-client.ts';

let box: Sandbox;
let preview: Preview;
let token = '';
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], { cwd: box.dir, encoding: 'utf8' });

beforeAll(async () => {
  box = sandbox();
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'content as shipped');
  preview = await startPreview({ contentDir: box.content, outDir: join(box.dir, 'out'), port: 0, host: '127.0.0.1', watch: true, log: () => {} });
  token = await adminToken(preview.url);
}, 120_000);

afterAll(async () => {
  await preview?.close();
  box?.remove();
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => studioPost(preview.url, () => token)(path, body, headers);
const open = async (path: string) => (await fetch(`${preview.url}/_admin/api/file?path=${encodeURIComponent(path)}`)).json() as Promise<Record<string, any>>;

describe('a draft checked as the author types', () => {
  test('a bad date gets the catalogue\'s message at its field; a good draft has none; nothing is written', async () => {
    const rel = 'blog/preparing-fleet-for-canadian-winter.md';
    const before = box.read(rel);
    const bad = await (await post('/_admin/api/check', { path: rel, edits: [{ path: ['date'], value: '2024-02-30' }] })).json() as { problems: { path: string; message: string; hint: string }[] };
    expect(bad.problems).toEqual([expect.objectContaining({ path: 'date', message: expect.stringContaining('2024-02-30'), hint: expect.stringMatching(/.+/) })]);
    const good = await (await post('/_admin/api/check', { path: rel, edits: [{ path: ['title'], value: 'Winter, ready' }] })).json() as { problems: unknown[] };
    expect(good.problems).toEqual([]);
    expect(box.read(rel)).toBe(before);
  });

  test('the form opens with the values, the body, the resolved schema and what its selects offer', async () => {
    const opened = await open('blog/preparing-fleet-for-canadian-winter.md');
    expect(opened).toMatchObject({ markdown: true, locale: 'en', writable: true, data: { id: 10 }, translations: [{ locale: 'fr', exists: true }] });
    expect(opened.body).toContain('winter');
    expect(JSON.stringify(opened.schema)).not.toContain('$ref');
    expect(opened.options.category).toContain('industry');
    expect(opened.options.image.every((p: string) => p.startsWith('images/'))).toBe(true);
    expect(opened.options.facts.phone).toMatch(/555-01\d\d/);
  });
});

describe('saving', () => {
  test('a Markdown body is written after the front matter, which keeps every byte', async () => {
    const rel = 'legal/privacy-policies.md';
    const opened = await open(rel);
    const head = opened.text.slice(0, opened.text.indexOf('\n---', 3) + 5);
    const next = preview.nextUpdate();
    const saved = await post('/_admin/api/file', { path: rel, sha256: opened.sha256, body: `${opened.body}\nOne more sentence from the studio.\n` });
    expect(saved.status).toBe(200);
    expect(box.read(rel).startsWith(head)).toBe(true);
    expect(box.read(rel)).toContain('One more sentence from the studio.');
    expect((await next).problems).toEqual([]);
  });

  test('a cleared optional key is removed, and only its line goes', async () => {
    const rel = 'jobs/ux-designer.yaml';
    box.write(rel, box.read(rel).replace(/^open: true$/m, 'open: true\npublishAt: 2020-01-01'));
    await preview.nextUpdate();
    const opened = await open(rel);
    const saved = await post('/_admin/api/file', { path: rel, sha256: opened.sha256, edits: [{ path: ['publishAt'], remove: true }] });
    expect(saved.status).toBe(200);
    expect(box.read(rel)).toBe(opened.text.replace('publishAt: 2020-01-01\n', ''));
  });
});

describe('creating', () => {
  test('a post, a job and a solution, as site new makes them; the solution is in both languages\' menus', async () => {
    const postMade = await (await post('/_admin/api/new', { kind: 'post', title: 'Studio post about winter tires' })).json() as { path: string };
    expect(postMade.path).toBe('blog/studio-post-about-winter-tires.md');
    expect(box.read(postMade.path)).toMatch(/^id: 11$/m);
    const job = await (await post('/_admin/api/new', { kind: 'job', title: 'Fleet analyst' })).json() as { path: string };
    expect(job.path).toBe('jobs/fleet-analyst.yaml');
    const solution = await (await post('/_admin/api/new', { kind: 'solution', title: 'Trailer tracking' })).json() as { path: string; edited: string[] };
    expect(solution.path).toBe('solutions/trailer-tracking.yaml');
    expect(solution.edited.sort()).toEqual(['fr/navigation.yaml', 'navigation.yaml']);
    expect(box.read('navigation.yaml')).toContain('/solutions/trailer-tracking');
    // The same title again: the CLI's words.
    const again = await post('/_admin/api/new', { kind: 'solution', title: 'Trailer tracking' });
    expect(again.status).toBe(422);
    expect((await again.json() as { error: string }).error).toContain('already exists');
    expect((await post('/_admin/api/new', { kind: 'virus' })).status).toBe(422);
    // The kinds with an order: the next one, and a name from the title.
    expect((await (await post('/_admin/api/new', { kind: 'team-member', title: 'Jordan Tremblay' })).json() as { path: string }).path).toBe('team/07-jordan-tremblay.yaml');
    expect((await (await post('/_admin/api/new', { kind: 'testimonial', title: 'Priya Raman' })).json() as { path: string }).path).toBe('testimonials/05-priya-raman.yaml');
    expect(box.read('testimonials/05-priya-raman.yaml')).toMatch(/^sample: true/m);
  });
});

describe('translations', () => {
  test('started from an English file, then stamped up to date after the English changes', async () => {
    const english = 'faqs/13-installation.yaml';
    const french = 'fr/faqs/13-installation.yaml';
    if (existsSync(join(box.content, french))) execFileSync('rm', [join(box.content, french)]);
    const started = await (await post('/_admin/api/translation', { path: english, action: 'start' })).json() as { path: string };
    expect(started.path).toBe(french);
    expect(box.read(french)).toContain('TODO: translate:');
    expect((await post('/_admin/api/translation', { path: english, action: 'start' })).status).toBe(422);
    await preview.nextUpdate();
    expect((await open(french)).upToDate).toBe(true);
    box.edit(english, /^order: (\d+)$/m, 'order: $1\n# a comment the English gained');
    await preview.nextUpdate();
    expect((await open(french)).upToDate).toBe(false);
    expect((await (await post('/_admin/api/translation', { path: french, action: 'stamp' })).json())).toMatchObject({ changed: true });
    expect((await open(french)).upToDate).toBe(true);
  });

  test('an out-of-date translation carries the English as it was stamped, from git', async () => {
    const english = 'faqs/02-compatibility.yaml';
    const title = /^title: (.*)$/m.exec(box.read(english))![1]!;
    box.edit(english, /^title: .*$/m, 'title: "Which vehicles and trailers does it work with?"');
    await preview.nextUpdate();
    const opened = await open(`fr/${english}`);
    expect(opened.upToDate).toBe(false);
    expect(JSON.stringify(opened.english.stamped.data.title)).toBe(title);
    expect(opened.english.data.title).toBe('Which vehicles and trailers does it work with?');
  });
});

describe('photos', () => {
  const photo = () => sharp({ create: { width: 1600, height: 900, channels: 3, background: '#1d6f5a' } }).png().toBuffer();
  const upload = (path: string, bytes: Buffer | string, type = 'image/png', headers: Record<string, string> = {}) =>
    fetch(`${preview.url}/_admin/api/photo?path=${encodeURIComponent(path)}`, { method: 'POST', headers: { 'content-type': type, origin: preview.url, 'x-site-token': token, ...headers }, body: bytes as BodyInit });

  test('a PNG is kept under content/images/ and answered with the widths the build makes', async () => {
    const answer = await upload('images/blog/studio-yard.png', await photo());
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ path: 'images/blog/studio-yard.png', format: 'png', width: 1600, height: 900, widths: [360, 720, 960, 1280] });
    expect(existsSync(join(box.content, 'images/blog/studio-yard.png'))).toBe(true);
    const thumb = await fetch(`${preview.url}/_admin/api/image?path=images/blog/studio-yard.png`);
    expect(thumb.headers.get('content-type')).toBe('image/png');
  });

  test('refused before anything is kept: a text file named .png, a JPEG named .png, a name taken, a path outside images/, too big, no token', async () => {
    const cases: [string, Buffer | string, number, RegExp][] = [
      ['images/blog/fake.png', 'not a picture at all, only text', 422, /not a JPEG, PNG, WebP or AVIF/],
      ['images/blog/really-a-jpeg.png', await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } }).jpeg().toBuffer(), 422, /JPEG named \.png/],
      ['images/blog/studio-yard.png', await photo(), 422, /already exists/],
      ['../outside.png', await photo(), 422, /not a photo's path/],
      ['blog/x.png', await photo(), 422, /not a photo's path/],
      ['images/blog/huge.png', Buffer.alloc(11 * 1024 * 1024, 1), 413, /at most 10 MB/],
    ];
    for (const [path, bytes, status, words] of cases) {
      const answer = await upload(path, bytes);
      expect(answer.status, path).toBe(status);
      expect((await answer.json() as { error: string }).error, path).toMatch(words);
    }
    expect((await upload('images/blog/no-token.png', await photo(), 'image/png', { 'x-site-token': '' })).status).toBe(403);
    expect(existsSync(join(box.content, 'images/blog/fake.png'))).toBe(false);
    expect(existsSync(join(box.content, 'images/blog/no-token.png'))).toBe(false);
    expect(existsSync(join(box.dir, 'outside.png'))).toBe(false);
    expect((await fetch(`${preview.url}/_admin/api/image?path=${encodeURIComponent('images/../site.yaml')}`)).status).toBe(404);
  });
});

describe('changes', () => {
  test('listed from git with their diffs, one discarded, the rest committed, never pushed', async () => {
    const listed = await (await fetch(`${preview.url}/_admin/api/changes`)).json() as { git: boolean; files: { path: string; status: string; diff: string }[] };
    expect(listed.git).toBe(true);
    const paths = listed.files.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['legal/privacy-policies.md', 'blog/studio-post-about-winter-tires.md', 'images/blog/studio-yard.png']));
    expect(listed.files.find((f) => f.path === 'legal/privacy-policies.md')!.diff).toContain('+One more sentence from the studio.');
    expect(listed.files.find((f) => f.path === 'blog/studio-post-about-winter-tires.md')!.status).toBe('added');

    expect((await post('/_admin/api/discard', { path: 'legal/privacy-policies.md' })).status).toBe(200);
    expect(box.read('legal/privacy-policies.md')).not.toContain('One more sentence');
    expect((await post('/_admin/api/discard', { path: 'images/blog/studio-yard.png' })).status).toBe(200);
    expect(existsSync(join(box.content, 'images/blog/studio-yard.png'))).toBe(false);
    expect((await post('/_admin/api/discard', { path: '../outside.txt' })).status).toBe(400);
    expect((await post('/_admin/api/discard', { path: 'faqs/01-benefits.yaml' })).status).toBe(422);

    expect((await post('/_admin/api/commit', { message: '' })).status).toBe(400);
    const committed = await post('/_admin/api/commit', { message: 'New post, job and solution from the studio' });
    expect(committed.status).toBe(200);
    expect(git('log', '-1', '--format=%s').trim()).toBe('New post, job and solution from the studio');
    expect(git('status', '--porcelain', '--', 'content')).toBe('');
    expect(git('remote')).toBe('');
    expect((await (await fetch(`${preview.url}/_admin/api/changes`)).json() as { files: unknown[] }).files).toEqual([]);
    expect(readFileSync(join(box.content, 'navigation.yaml'), 'utf8')).toContain('/solutions/trailer-tracking');
  });
});
