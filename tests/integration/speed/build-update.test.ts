// `site build` updating the last build's folder in place when only post bodies changed
// (generator/speed/build-update.ts): after each step, dist/ and the warnings are what a clean build of
// the same content gives; anything but a body edit, a damaged state or a folder that is not the
// state's build is a full build; bad content and --strict leave dist/ as it was. Through the CLI,
// as authors and CI run it, in one sandbox: each step starts from the state the one before left.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { appendFileSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { contentKey, filesUnder, root, sandbox, type Sandbox } from '../../helpers.ts';
import { checkOf } from '../../../generator/speed/signed-files.ts';

let box: Sandbox;
let dist: string;
let cache: string;
let clean = 0;

const site = (args: string[]) => spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), '--content', box.content, 'build', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', SITE_CACHE_SECRET: '' } });

/** Every file under `dir`, as text to compare (a differing file is named by its path). */
const snapshot = (dir: string) => Object.fromEntries([...filesUnder(dir)].map(([path, bytes]) => [path, bytes.toString('base64')]));

/** What a build printed from its warnings on (nothing when it had none). */
const warningsOf = (stdout: string) => (stdout.includes('⚠') ? stdout.slice(stdout.indexOf('⚠')) : '');

/** The clean build of each content the steps had (by the content's files): the steps go back and forth between a few. */
const cleanBuilds = new Map<string, { files: Record<string, string>; warnings: string }>();

/** A cached build into dist/, and a clean one of the same content: the same files, the same warnings. */
function buildIsClean(step: string, extra: string[] = []): string {
  const cached = site(['--out', dist, '--cache-dir', cache, ...extra]);
  expect(cached.status, `${step}: ${cached.stderr}`).toBe(0);
  const key = contentKey(box.content);
  let expected = cleanBuilds.get(key);
  if (!expected) {
    const out = join(box.dir, `clean-${clean++}`);
    const fresh = site(['--out', out, '--no-cache']);
    expect(fresh.status, fresh.stderr).toBe(0);
    expected = { files: snapshot(out), warnings: warningsOf(fresh.stdout) };
    cleanBuilds.set(key, expected);
    rmSync(out, { recursive: true, force: true });
  }
  expect(snapshot(dist), step).toEqual(expected.files);
  expect(warningsOf(cached.stdout), step).toBe(expected.warnings);
  return cached.stdout + cached.stderr;
}

const inPlace = /updated in place: (\d+) posts? edited \(([^)]*)\), (\d+) pages? rendered, (\d+) files? rewritten/;

beforeAll(() => {
  box = sandbox();
  dist = join(box.dir, 'dist');
  cache = join(box.dir, 'cache');
  // The first build is a full one, and records the state the next one starts from.
  expect(buildIsClean('first')).not.toMatch(inPlace);
  expect(readdirSync(cache).filter((n) => /^build-[0-9a-f]{16}\.state$/.test(n))).toHaveLength(1);
}, 60_000);
afterAll(() => box.remove());

test('an English post body edited: its page and the feed are rewritten in place, and the warnings say its translation is out of date', () => {
  box.edit('blog/fleet-management-trends-2024.md', 'None of these trends replaces the basics.', 'None of these trends, however shiny, replaces the basics.');
  const out = buildIsClean('English body');
  const [, posts, file, rendered, rewritten] = inPlace.exec(out) ?? [];
  expect(posts).toBe('1');
  expect(file).toMatch(/blog\/fleet-management-trends-2024\.md$/);
  // Its English and French pages are rendered; the French one shows its own translation, unchanged.
  expect(rendered).toBe('2');
  expect(rewritten).toBe('2');
  expect(out).toMatch(/fr\/blog\/fleet-management-trends-2024\.md:\d+:\d+ {2}sourceHash: .* changed since this was translated/);
}, 60_000);

test('a French post body edited: the French page and feed are rewritten; an English post without a translation: its French page too, which shows it', () => {
  box.edit('fr/blog/fleet-management-trends-2024.md', /\n\n([^\n]+)\n/, '\n\nUn paragraphe de plus.\n\n$1\n');
  expect(inPlace.exec(buildIsClean('French body'))?.[4]).toBe('2');
  // A post shown in English on its French page (its translation deleted: a full build first).
  rmSync(join(box.content, 'fr/blog/preparing-fleet-for-canadian-winter.md'));
  expect(buildIsClean('translation deleted')).not.toMatch(inPlace);
  box.edit('blog/preparing-fleet-for-canadian-winter.md', /\n\n([^\n]+)\n/, '\n\nOne more paragraph.\n\n$1\n');
  const [, , , rendered, rewritten] = inPlace.exec(buildIsClean('untranslated body')) ?? [];
  expect(rendered).toBe('2');
  // Both pages and both feeds: the French feed shows the English text too.
  expect(rewritten).toBe('4');
}, 90_000);

test('anything but a body is a full build: front matter, a new image in a body, another file', () => {
  box.edit('blog/fleet-management-trends-2024.md', /^readTime: \d+$/m, 'readTime: 3');
  expect(buildIsClean('front matter')).toMatch(/page cache: \d+ pages reused/);
  box.edit('blog/fleet-management-trends-2024.md', /\n\n([^\n]+)\n/, '\n\n![A truck at a depot](images/blog/fleet-trends.svg)\n\n$1\n');
  expect(buildIsClean('image in a body')).not.toMatch(inPlace);
  box.edit('faqs/01-benefits.yaml', 'Telematics shows you', 'Simply put, telematics shows you');
  expect(buildIsClean('a FAQ')).not.toMatch(inPlace);
  // The body still shows the image: a full build again, even for a body edit.
  box.edit('blog/fleet-management-trends-2024.md', 'however shiny', 'however new');
  expect(buildIsClean('body with an image')).not.toMatch(inPlace);
}, 120_000);

test('a body with a broken link, or --strict with a warning, fails and leaves dist/ as it was', () => {
  box.edit('blog/eld-hours-of-service-compliance-canada.md', /\n\n([^\n]+)\n/, '\n\nSee [our ELD page](/solution/eld).\n\n$1\n');
  const before = snapshot(dist);
  const broken = site(['--out', dist, '--cache-dir', cache]);
  expect(broken.status).toBe(1);
  const full = site(['--out', join(box.dir, 'broken-full'), '--no-cache']);
  expect(full.status).toBe(1);
  // The same problem, in the same words and place, as the full build reports.
  const problemLine = (text: string) => text.split('\n').filter((l) => l.includes('/solution/eld'));
  expect(problemLine(broken.stderr + broken.stdout)).toEqual(problemLine(full.stderr + full.stdout));
  expect(problemLine(broken.stderr + broken.stdout)).toHaveLength(1);
  expect(snapshot(dist)).toEqual(before);
  box.edit('blog/eld-hours-of-service-compliance-canada.md', '\n\nSee [our ELD page](/solution/eld).\n', '\n\nSee [our ELD page](/solutions/eld).\n');
  // Its French translation is now out of date: a warning, which --strict refuses.
  const strict = site(['--out', dist, '--cache-dir', cache, '--strict']);
  expect(strict.status).toBe(1);
  expect(strict.stderr + strict.stdout).toMatch(/--strict: .*warning/);
  expect(snapshot(dist)).toEqual(before);
  expect(buildIsClean('fixed')).toMatch(inPlace);
}, 90_000);

test('a damaged state, or a dist/ that is not the build it records, gives a full build', () => {
  const state = join(cache, readdirSync(cache).find((n) => n.endsWith('.state'))!);
  const text = readFileSync(state);
  writeFileSync(state, Buffer.concat([text.subarray(0, text.length - 3), Buffer.from('x}}')]));
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD page', 'our ELD solution');
  const damaged = buildIsClean('damaged state');
  expect(damaged).not.toMatch(inPlace);
  expect(damaged).toMatch(/build state: ignored .*\.state: damaged; the site was built in full/);
  // The full build wrote a new state: the next body edit is in place again.
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solution', 'our ELD solutions');
  expect(buildIsClean('state written')).toMatch(inPlace);
  // A state whose check line is right (anyone can compute a SHA-256) but which would print a
  // terminal escape sequence among the warnings: refused, never printed.
  const good = readFileSync(state);
  const body = JSON.parse(good.subarray(good.indexOf(10) + 1).toString('utf8'));
  body.summary.heaviest.path = '/career\u001b]0;owned\u0007';
  const forged = Buffer.from(JSON.stringify(body));
  writeFileSync(state, Buffer.concat([Buffer.from(`site-build-state 1 ${checkOf(forged, undefined)}\n`), forged]));
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solutions', 'our ELD solution');
  const refused = buildIsClean('forged state');
  expect(refused).toMatch(/build state: ignored .*\.state: not a build state; the site was built in full/);
  expect(refused).not.toContain('\u001b]0;');
  // The full build wrote a state of its own: a build with nothing changed since leaves the folder as it is.
  expect(buildIsClean('nothing changed')).toMatch(/nothing changed since the last build into this folder/);
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solution', 'our ELD solutions');
  expect(buildIsClean('state written again')).toMatch(inPlace);
  // Its warnings (a file beside it, which it names by SHA-256) damaged: a full build too.
  appendFileSync(`${state}.warnings`, ' ');
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solutions', 'our ELD solution');
  expect(buildIsClean('damaged warnings')).toMatch(/build state: ignored .*\.state: its warnings are missing or damaged; the site was built in full/);
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solution', 'our ELD solutions');
  expect(buildIsClean('state written once more')).toMatch(inPlace);
  // dist/ changed behind the state (its manifest is another): a full build.
  appendFileSync(join(dist, '.site-build.json'), ' ');
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solutions', 'our ELD solution');
  expect(buildIsClean('another dist')).not.toMatch(inPlace);
}, 90_000);

test('a cache folder reached through a link is not used: its state is neither read nor written', () => {
  const link = join(box.dir, 'cache-link');
  symlinkSync(cache, link);
  const state = join(cache, readdirSync(cache).find((n) => n.endsWith('.state'))!);
  const before = readFileSync(state);
  box.edit('blog/eld-hours-of-service-compliance-canada.md', 'our ELD solution', 'our ELD solutions');
  const linked = site(['--out', dist, '--cache-dir', link]);
  expect(linked.status, linked.stderr).toBe(0);
  expect(linked.stdout).not.toMatch(inPlace);
  expect(linked.stderr).toMatch(/the cache folder cannot be used/);
  expect(readFileSync(state).equals(before)).toBe(true);
}, 60_000);
