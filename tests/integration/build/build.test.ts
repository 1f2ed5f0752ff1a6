import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, readdirSync, statSync, existsSync, rmSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { Builder } from '../../../generator/build/build.ts';
import { MANIFEST } from '../../../generator/output/write.ts';
import { forgotten } from '../../../generator/speed/memo.ts';
import { sandbox, root, type Sandbox } from '../../helpers.ts';

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[], cwd = root) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else files.set(p.slice(dir.length + 1), readFileSync(p, 'base64'));
    }
  };
  walk(dir);
  return files;
}

let box: Sandbox;
beforeAll(() => {
  box = sandbox();
});
afterAll(() => box.remove());

describe('site build', () => {
  test('two builds of the same input are byte-identical', async () => {
    const options = { root, contentDir: box.content, mode: 'production' as const, includeDrafts: false };
    const a = await new Builder(options).full();
    const b = await new Builder(options).full();
    expect([...a.keys()].sort()).toEqual([...b.keys()].sort());
    for (const [file, bytes] of a) expect(bytes.equals(b.get(file)!), file).toBe(true);
  });

  test('the CLI writes pages while it renders; what it writes equals what a build in memory holds', async () => {
    const out = join(box.dir, 'streamed');
    const result = site(['--content', box.content, 'build', '--out', out]);
    expect(result.status, result.stderr).toBe(0);
    const held = await new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false }).full();
    const written = snapshot(out);
    expect([...written.keys()].sort()).toEqual([...held.keys()].sort());
    for (const [file, bytes] of held) expect(written.get(file), file).toBe(bytes.toString('base64'));
  });

  test('the build manifest records the size and SHA-256 of every file as written, so a publish can tell a swapped file', () => {
    const out = join(box.dir, 'streamed');
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8')) as { files: Record<string, { bytes: number; sha256: string }> };
    const written = snapshot(out);
    written.delete(MANIFEST);
    expect(Object.keys(manifest.files).sort()).toEqual([...written.keys()].sort());
    for (const [file, base64] of written) {
      const bytes = Buffer.from(base64, 'base64');
      expect(manifest.files[file], file).toEqual({ bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    }
  });

  test('a broken content tree lists every problem with file:line, exits 1 and leaves dist/ untouched', () => {
    const out = join(box.dir, 'dist');
    const first = site(['--content', box.content, 'build', '--out', out]);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/✓ Built \d+ routes, \d+ files/);
    expect(first.stdout).toMatch(/heaviest page \/\S*: JS [\d.]+ KB gzip, CSS [\d.]+ KB gzip/);
    const before = snapshot(out);

    const broken = sandbox();
    try {
      broken.edit('blog/fleet-management-trends-2024.md', /^date: .*$/m, 'date: 2024-02-30');
      broken.edit('faqs/03-data-security.yaml', /^title: .*\n/m, '');
      broken.edit('navigation.yaml', 'href: /leadership,', 'href: /team,');
      const result = site(['build', '--out', out], broken.dir);
      expect(result.status).toBe(1);
      const lines = result.stderr.split('\n').filter((l) => /^\s+content\//.test(l)).map((l) => l.trim());
      expect(lines).toHaveLength(3);
      expect(lines[0]).toMatch(/^content\/blog\/fleet-management-trends-2024\.md:\d+:7 {2}date: "2024-02-30" is not a date/);
      expect(lines[1]).toMatch(/^content\/faqs\/03-data-security\.yaml:2:1 {2}title: is missing; add title: \(The question\)$/);
      expect(lines[2]).toMatch(/^content\/navigation\.yaml:\d+:\d+ {2}menus\[2\]\.links\[0\]\.href: link "\/team" goes to a page that does not exist/);
      expect(result.stderr).toContain('3 content problems in 3 files');
      expect(result.stderr).not.toMatch(/\bat \S+ \(/);
    } finally {
      broken.remove();
    }
    expect(snapshot(out)).toEqual(before);
  });

  test('the build manifest lists every route, with islands and sources', () => {
    const out = join(box.dir, 'dist');
    const manifest = JSON.parse(readFileSync(join(out, MANIFEST), 'utf8'));
    expect(manifest.valid).toBe(true);
    const home = manifest.routes.find((r: { path: string }) => r.path === '/');
    expect(home).toMatchObject({ file: 'index.html', status: 200 });
    expect(home.islands).toContain('BenefitsGrid');
    expect(home.sources).toEqual([expect.stringMatching(/content\/pages\/home\.yaml$/)]);
    expect(manifest.routes.find((r: { path: string }) => r.path === '/404')).toMatchObject({ file: '404.html', status: 404 });
  });

  test('a production page carries no preview marker, so the island fallback never shows a stack', () => {
    const html = readFileSync(join(box.dir, 'dist/index.html'), 'utf8');
    expect(html.startsWith('<!DOCTYPE html><html lang="en-CA"')).toBe(true);
    expect(html).not.toContain('data-mode="preview"');
    expect(html).toMatch(/<script type="application\/json" data-island-props="i0">/);
  });

  test('pages whose only interactive parts are the navbar and footer ship at most 10 KB of JS', async () => {
    const builder = new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false });
    await builder.full();
    for (const path of ['/terms-conditions', '/privacy-policies', '/faqs', '/404', '/coming-soon', '/Thanks']) {
      const weight = builder.pageWeight(path);
      expect(weight.js, path).toBeGreaterThan(0);
      expect(weight.js, path).toBeLessThanOrEqual(10 * 1024);
    }
  });

  test('drafts are validated but stay out of a build', async () => {
    const drafts = sandbox();
    try {
      drafts.edit('blog/ai-in-fleet-management-today.md', /^tags:/m, 'draft: true\ntags:');
      const id = /^id: (\d+)$/m.exec(drafts.read('blog/ai-in-fleet-management-today.md'))![1];
      const outputs = await new Builder({ root, contentDir: drafts.content, mode: 'production', includeDrafts: false }).full();
      expect(outputs.has(`blog-details/${id}/index.html`)).toBe(false);
      expect(outputs.get('sitemap.xml')!.toString()).not.toContain(`/blog-details/${id}<`);
      const preview = await new Builder({ root, contentDir: drafts.content, mode: 'preview', includeDrafts: true }).full();
      expect(preview.has(`blog-details/${id}/index.html`)).toBe(true);
    } finally {
      drafts.remove();
    }
  });
});

describe('site CLI', () => {
  test('--version and --help exit 0', () => {
    expect(site(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = site(['build', '--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--out <dir>');
    expect(site(['--help']).stdout).toContain('Exit codes: 0 ok, 1 content problems, 2 usage error, 3 generator bug, 4 AWS failure');
  });

  test('the npm scripts the README names run the CLI as a program (npm puts Node 24 first on PATH)', () => {
    const env = { ...process.env, NO_COLOR: '1', PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` };
    const validate = spawnSync('npm', ['run', '--silent', 'validate'], { cwd: root, encoding: 'utf8', env });
    expect(validate.status, validate.stderr).toBe(0);
    expect(validate.stdout).toMatch(/✓ \d+ content files are valid/);
    const direct = spawnSync(join(root, 'bin/site.js'), ['--version'], { encoding: 'utf8', env });
    expect(direct.status, direct.stderr).toBe(0);
    expect(direct.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  test('usage errors exit 2', () => {
    expect(site(['nonsense']).status).toBe(2);
    expect(site(['build', '--bogus']).status).toBe(2);
    expect(site(['preview', '--port', 'abc']).status).toBe(2);
  });

  test('validate writes nothing and reports success', () => {
    const before = snapshot(box.dir);
    const result = site(['--content', box.content, 'validate'], box.dir);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/✓ \d+ content files are valid/);
    expect(snapshot(box.dir)).toEqual(before);
  });
});

// The preview's incremental rebuilds are checked against the only oracle that cannot be
// stale: a full build of the same content. Any file that differs is a page the preview got wrong.
describe('preview rebuilds after an edit', () => {
  const FAQ = 'faqs/05-sustainability.yaml';
  const POST = 'blog/preparing-fleet-for-canadian-winter.md';
  const preview = (content: string) => new Builder({ root, contentDir: content, mode: 'preview', includeDrafts: true });

  /**
   * Output files whose bytes differ between an incremental preview and a full build, once the
   * preview has brought its build manifest up to date (as it does when edits pause).
   */
  async function stale(builder: Builder, content: string): Promise<string[]> {
    builder.refresh();
    const full = await preview(content).full();
    // The preview keeps an image a deleted page used (the asset store caches by path); no
    // page links it any more. Everything else, the build manifest included, must match.
    const kept = (f: string) => f.startsWith('assets/img/') && !full.has(f);
    const bytes = (outputs: Map<string, Buffer>, f: string) => {
      if (f !== MANIFEST || !outputs.has(f)) return outputs.get(f);
      const manifest = JSON.parse(outputs.get(f)!.toString());
      for (const file of Object.keys(manifest.files)) if (kept(file)) delete manifest.files[file];
      return Buffer.from(JSON.stringify(manifest));
    };
    const files = [...new Set([...full.keys(), ...builder.outputs.keys()])].filter((f) => !kept(f));
    return files.filter((f) => !bytes(builder.outputs, f)?.equals(bytes(full, f)!)).sort();
  }

  let edits: Sandbox;
  let builder: Builder;
  const at = (rel: string) => join(edits.content, rel);
  const page = (file: string) => builder.outputs.get(file)?.toString() ?? '';
  beforeAll(async () => {
    edits = sandbox();
    builder = preview(edits.content);
    await builder.full();
  }, 60_000);
  afterAll(() => edits.remove());

  test('a post retitled while a FAQ was broken shows its new title on every list once the FAQ is fixed', async () => {
    edits.edit(FAQ, /^order: .*$/m, 'order: fifteen');
    expect((await builder.update([at(FAQ)])).problems).not.toEqual([]);
    edits.edit(POST, /^title: .*$/m, 'title: "Winter-proofing a Canadian fleet"');
    expect((await builder.update([at(POST)])).problems).not.toEqual([]);
    edits.edit(FAQ, /^order: fifteen$/m, 'order: 5');
    const fixed = await builder.update([at(FAQ)]);
    expect(fixed.problems).toEqual([]);
    expect(fixed.rerendered).toEqual(expect.arrayContaining(['/', '/blogs', '/faqs', '/blog-details/10']));
    expect(page('blogs/index.html').includes('Winter-proofing a Canadian fleet'), '/blogs shows the new title').toBe(true);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test('a post deleted while another file was broken leaves every list once that file is fixed', async () => {
    const gone = 'blog/ai-in-fleet-management-today.md';
    edits.edit(FAQ, /^order: .*$/m, 'order: fifteen');
    expect((await builder.update([at(FAQ)])).problems).not.toEqual([]);
    rmSync(at(gone));
    expect((await builder.update([at(gone)])).problems).not.toEqual([]);
    edits.edit(FAQ, /^order: fifteen$/m, 'order: 5');
    expect((await builder.update([at(FAQ)])).problems).toEqual([]);
    expect(builder.outputs.has('blog-details/7/index.html')).toBe(false);
    expect(page('index.html').includes('/blog-details/7"'), '/ still links the deleted post').toBe(false);
    expect(page('blogs/index.html').includes('AI in Fleet Management'), '/blogs still lists the deleted post').toBe(false);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test('a renamed post keeps its page and every list stays right', async () => {
    renameSync(at('blog/cold-chain-monitoring-food-distribution.md'), at('blog/cold-chain-for-food-distributors.md'));
    const update = await builder.update([at('blog/cold-chain-monitoring-food-distribution.md'), at('blog/cold-chain-for-food-distributors.md')]);
    expect(update.problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  // Validation keeps what it found for files an edit did not touch (ValidationMemo), and what
  // depends on the folder (an image that is there or not) only until something other than a content file changes.
  test('a post naming a missing picture validates once the picture is added', async () => {
    edits.edit(POST, 'image: images/blog/winter-operations.svg', 'image: images/blog/winter-yard.svg');
    const missing = await builder.update([at(POST)]);
    expect(missing.problems.map((p) => p.code)).toContain('missing-image');
    copyFileSync(at('images/blog/winter-operations.svg'), at('images/blog/winter-yard.svg'));
    const added = await builder.update([at('images/blog/winter-yard.svg')]);
    expect(added.problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  // Validation reuses its last repeated-id check and link targets while the files an edit
  // replaced keep their ids (ValidationMemo.reuse); an edit that changes one must be seen.
  test("a post given a taken id is a repeat; given a free one, links to it resolve, and to its old id break", async () => {
    const OTHER = 'blog/fuel-card-spend-and-fleet-data.md';
    edits.edit(POST, /^id: 10$/m, 'id: 5');
    expect((await builder.update([at(POST)])).problems.map((p) => p.code)).toEqual(['duplicate-id']);
    edits.edit(POST, /^id: 5$/m, 'id: 10');
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    edits.edit(OTHER, /\n$/, '\nSee [the winter checklist](/blog-details/99).\n');
    expect((await builder.update([at(OTHER)])).problems.map((p) => p.code)).toEqual(['broken-link']);
    edits.edit(POST, /^id: 10$/m, 'id: 99');
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
    edits.edit(POST, /^id: 99$/m, 'id: 10');
    expect((await builder.update([at(POST)])).problems.map((p) => `${p.code} ${p.file}`)).toEqual([`broken-link ${builder.display(at(OTHER))}`]);
    edits.edit(OTHER, '\nSee [the winter checklist](/blog-details/99).\n', '\n');
    expect((await builder.update([at(OTHER)])).problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  // Each record's checks (schema, placeholders, markers, references) are the last edit's for a
  // file the edit did not replace (ValidationMemo.map): an edited file is checked again.
  test('a marker, a schema mistake and a broken link saved into a post are found, and go when fixed', async () => {
    const original = edits.read(POST);
    edits.edit(POST, /^readTime: .*$/m, 'readTime: "TODO: minutes to read"');
    edits.edit(POST, /\n$/, '\nTODO: a closing paragraph\n');
    const marked = await builder.update([at(POST)]);
    expect(marked.problems.map((p) => `${p.code} ${p.path ?? ''}`).sort()).toEqual(['still-to-write body', 'still-to-write readTime']);
    edits.write(POST, original);
    edits.edit(POST, /^readTime: .*$/m, 'readTime: five');
    edits.edit(POST, /\n$/, '\nSee [nothing](/no-such-page).\n');
    const wrong = await builder.update([at(POST)]);
    expect(wrong.problems.map((p) => p.code).sort()).toEqual(['broken-link', 'wrong-type']);
    edits.write(POST, original);
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  // What validation and the route table keep per record for the next edit is a cache: a one-shot
  // build (site build) empties it all once it has validated (speed/memo.ts), and a preview in the
  // same process then works out again what it had kept, the same.
  test('a one-shot build drops what the preview keeps between edits; the preview\'s next edits are still right', async () => {
    const before = forgotten;
    await preview(edits.content).full();
    expect(forgotten, 'a build that keeps its pages keeps the memos').toBe(before);
    const once = new Builder({ root, contentDir: edits.content, mode: 'production', includeDrafts: false });
    const pages: string[] = [];
    await once.full({ onPage: (file) => void pages.push(file), retainPages: false });
    expect(pages).toContain('index.html');
    expect(forgotten, 'site build\'s way: pages handed on, none kept').toBe(before + 1);
    const original = edits.read(POST);
    edits.edit(POST, /^readTime: .*$/m, 'readTime: "TODO: minutes to read"');
    expect((await builder.update([at(POST)])).problems.map((p) => `${p.code} ${p.path ?? ''}`)).toEqual(['still-to-write readTime']);
    edits.write(POST, original);
    edits.edit(POST, /^title: .*$/m, 'title: "Winter-proofing a Canadian fleet, once more"');
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    expect(page('blogs/index.html')).toContain('Winter-proofing a Canadian fleet, once more');
    expect(await stale(builder, edits.content)).toEqual([]);
    edits.write(POST, original);
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test('a post whose date moves it changes its place in every list; a body edit keeps the order', async () => {
    edits.edit(POST, /^date: .*$/m, 'date: 2019-01-15');
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
    edits.edit(POST, /\n$/, '\nOne more paragraph, written after the post moved.\n');
    expect((await builder.update([at(POST)])).problems).toEqual([]);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test('page copy that other pages show (the feed title, the home demo button) re-renders those pages', async () => {
    edits.edit('pages/blogs.yaml', 'title: "{brand} blog"', 'title: "{brand} field notes"');
    edits.edit('pages/home.yaml', 'label: "Request Demo"', 'label: "Book a demo"');
    const update = await builder.update([at('pages/blogs.yaml'), at('pages/home.yaml')]);
    expect(update.problems).toEqual([]);
    expect(page('faqs/index.html').includes('title="Trillium Fleet field notes"'), 'the feed link on /faqs').toBe(true);
    expect(page('solutions/adas/index.html').includes('Book a demo'), 'the demo button on a solution page').toBe(true);
    expect(await stale(builder, edits.content)).toEqual([]);
  }, 60_000);

  test("an editor's swap, backup and probe files re-render nothing", async () => {
    const update = await builder.update([join(root, 'templates/4913'), join(root, 'styles/.#main.scss'), at('blog/x.md.swp'), at('faqs/01-benefits.yaml~'), at('pages/home.yaml___jb_tmp___')]);
    expect(update.problems).toEqual([]);
    expect(update.rerendered).toEqual([]);
    expect(update.timings.map((t) => t.stage)).not.toContain('templates');
  }, 60_000);
});
