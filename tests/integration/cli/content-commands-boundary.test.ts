// `site new` and `site translate start|stamp` read and write content/ as the build reads it: never
// through a symbolic link (a linked folder had them write, copy from or rewrite a file outside
// content/), never anything but a regular file (a pipe had hung them, a folder or a file in a
// folder's place had ended as a generator bug), and a name short enough to be a file's. Each is
// refused as a usage error (exit 2), in words that name the file, and nothing is written.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { filesUnder, root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const node = join(root, 'node_modules/.bin/node');
// A timeout, so a command that hangs on a pipe fails the test instead of the run.
const site = (args: string[]) => spawnSync(node, [join(root, 'bin/site.js'), ...args, '--content', box!.content], { cwd: root, encoding: 'utf8', timeout: 20_000, env: { ...process.env, NO_COLOR: '1' } });

const POST = 'blog/adas-driver-safety-programs.md';
const LINK_WORDS = 'is a symbolic link; content/ holds real files and folders only: replace the link with a copy of what it points to';

/** Moves `rel` out of content/ into the sandbox's outside/ and puts a link to it in its place. */
function linkOut(b: Sandbox, rel: string): string {
  const outside = join(b.dir, 'outside', rel.replace(/\//g, '_'));
  mkdirSync(join(b.dir, 'outside'), { recursive: true });
  renameSync(join(b.content, rel), outside);
  symlinkSync(outside, join(b.content, rel));
  return outside;
}

function mkfifo(path: string): void {
  expect(spawnSync('mkfifo', [path]).status).toBe(0);
}

/** Exit 2 with an `error:` line matching `message`, within the time limit (no hang), and no stack. */
function expectRefused(result: ReturnType<typeof site>, message: RegExp): void {
  expect(result.error, 'the command hung').toBeUndefined();
  expect(result.status, result.stderr).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr).not.toMatch(/generator failed|\n\s+at /);
}

describe('site new and site translate refuse symbolic links in content/, as the build does', () => {
  test('site new job with content/jobs linked to a folder outside writes nothing there (it created the job outside content/)', () => {
    box = sandbox();
    const outside = linkOut(box, 'jobs');
    const before = filesUnder(outside);
    for (const args of [['new', 'job', 'Fleet Data Engineer'], ['new', 'job', 'Fleet Data Engineer', '--dry-run']]) {
      expectRefused(site(args), new RegExp(`error: .*content/jobs ${LINK_WORDS.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
    expect(filesUnder(outside)).toEqual(before);
  });

  test('site new post and solution through a linked content/blog or content/solutions are refused', () => {
    box = sandbox();
    const blog = linkOut(box, 'blog');
    expectRefused(site(['new', 'post', 'Winter tires']), /error: .*content\/blog is a symbolic link;/);
    expect(existsSync(join(blog, 'winter-tires.md'))).toBe(false);
    const nav = box.read('navigation.yaml');
    const solutions = linkOut(box, 'solutions');
    expectRefused(site(['new', 'solution', 'Cold-chain monitoring']), /error: .*content\/solutions is a symbolic link;/);
    expect(existsSync(join(solutions, 'cold-chain-monitoring.yaml'))).toBe(false);
    expect(box.read('navigation.yaml')).toBe(nav);
  });

  test('site translate start from a linked English folder copies nothing into content/fr/ (it copied the outside file\'s text)', () => {
    box = sandbox();
    rmSync(join(box.content, 'fr', POST));
    linkOut(box, 'blog');
    for (const args of [['translate', 'start', join(box.content, POST)], ['new', 'translation', join(box.content, POST), '--dry-run']]) {
      expectRefused(site(args), /error: .*content\/blog is a symbolic link;/);
    }
    expect(existsSync(join(box.content, 'fr', POST))).toBe(false);
  });

  test('site translate start into a linked content/fr/blog writes nothing outside', () => {
    box = sandbox();
    rmSync(join(box.content, 'fr', POST));
    const outside = linkOut(box, 'fr/blog');
    expectRefused(site(['translate', 'start', join(box.content, POST)]), /error: .*content\/fr\/blog is a symbolic link;/);
    expect(existsSync(join(outside, 'adas-driver-safety-programs.md'))).toBe(false);
  });

  test('site translate stamp through a linked content/fr/blog, or of a linked translation, rewrites nothing outside (it rewrote the outside file)', () => {
    box = sandbox();
    box.edit(POST, /\n$/, '\nAn English line added since.\n');
    const outside = linkOut(box, 'fr/blog');
    const before = readFileSync(join(outside, 'adas-driver-safety-programs.md'), 'utf8');
    expectRefused(site(['translate', 'stamp', join(box.content, 'fr', POST)]), /error: .*content\/fr\/blog is a symbolic link;/);
    expect(readFileSync(join(outside, 'adas-driver-safety-programs.md'), 'utf8')).toBe(before);

    rmSync(join(box.content, 'fr/blog'));
    renameSync(outside, join(box.content, 'fr/blog'));
    const file = linkOut(box, `fr/${POST}`);
    expectRefused(site(['translate', 'stamp', join(box.content, 'fr', POST)]), /error: .*content\/fr\/blog\/adas-driver-safety-programs\.md is a symbolic link;/);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  test('site translate stamp whose English file is a link outside is refused', () => {
    box = sandbox();
    linkOut(box, POST);
    const before = box.read(`fr/${POST}`);
    expectRefused(site(['translate', 'stamp', join(box.content, 'fr', POST)]), /error: .*content\/blog\/adas-driver-safety-programs\.md is a symbolic link;/);
    expect(box.read(`fr/${POST}`)).toBe(before);
  });
});

describe('odd files and names are usage errors, never a hang or a generator bug', () => {
  test('a pipe named as the English file of translate start and new translation --dry-run does not hang', () => {
    box = sandbox();
    mkfifo(join(box.content, 'blog/pipe.md'));
    for (const args of [['translate', 'start', join(box.content, 'blog/pipe.md')], ['new', 'translation', join(box.content, 'blog/pipe.md'), '--dry-run']]) {
      expectRefused(site(args), /error: .*content\/blog\/pipe\.md is a named pipe \(FIFO\), not a regular file/);
    }
    expect(existsSync(join(box.content, 'fr/blog/pipe.md'))).toBe(false);
  });

  test('translate stamp of a pipe, or of a translation whose English file is a pipe, does not hang', () => {
    box = sandbox();
    const translation = join(box.content, 'fr', POST);
    rmSync(translation);
    mkfifo(translation);
    expectRefused(site(['translate', 'stamp', translation]), /error: .*content\/fr\/blog\/adas-driver-safety-programs\.md is a named pipe \(FIFO\)/);
    rmSync(translation);
    writeFileSync(translation, '---\ntitle: x\n---\n');
    rmSync(join(box.content, POST));
    mkfifo(join(box.content, POST));
    expectRefused(site(['translate', 'stamp', translation]), /error: .*content\/blog\/adas-driver-safety-programs\.md is a named pipe \(FIFO\)/);
    expect(readFileSync(translation, 'utf8')).toBe('---\ntitle: x\n---\n');
  });

  test('translate stamp of a folder named x.md is a usage error (it was EISDIR, exit 3)', () => {
    box = sandbox();
    writeFileSync(join(box.content, 'blog/x.md'), box.read(POST));
    mkdirSync(join(box.content, 'fr/blog/x.md'));
    expectRefused(site(['translate', 'stamp', join(box.content, 'fr/blog/x.md')]), /error: .*content\/fr\/blog\/x\.md is a folder, not a regular file/);
  });

  test('translate start when content/fr/jobs is a file names it (it was EEXIST from mkdir, exit 3)', () => {
    box = sandbox();
    rmSync(join(box.content, 'fr/jobs'), { recursive: true });
    writeFileSync(join(box.content, 'fr/jobs'), 'not a folder');
    expectRefused(site(['translate', 'start', join(box.content, 'jobs/ux-designer.yaml')]), /error: .*content\/fr\/jobs is a file where a folder should be, to hold .*content\/fr\/jobs\/ux-designer\.yaml; move or delete it/);
    expect(readFileSync(join(box.content, 'fr/jobs'), 'utf8')).toBe('not a folder');
  });

  test('new post --slug of 300 letters is a usage error naming the limit (it was ENAMETOOLONG, exit 3); 100 is accepted', () => {
    box = sandbox();
    expectRefused(site(['new', 'post', 'Long', '--slug', 'a'.repeat(300)]), /error: --slug is 300 characters long; use at most 100 \(it becomes the file's name\)/);
    const longest = site(['new', 'post', 'Long', '--slug', 'a'.repeat(100)]);
    expect(longest.status, longest.stderr).toBe(0);
    expect(existsSync(join(box.content, `blog/${'a'.repeat(100)}.md`))).toBe(true);
  });

  test('a content file over the size limit named to translate start is refused without being read', () => {
    box = sandbox();
    const huge = join(box.content, 'blog/huge.md');
    writeFileSync(huge, '');
    spawnSync('truncate', ['-s', '3G', huge]);
    expectRefused(site(['translate', 'start', huge]), /error: .*content\/blog\/huge\.md is 3,072 MB, more than a content file may hold \(4 MB\)/);
  });
});
