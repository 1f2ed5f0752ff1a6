// `site new translation <English file>`: `site new` starts a French file from its English source
// with the code of `site translate start`, so an author who knows `site new` finds it.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[]) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const POST = 'blog/adas-driver-safety-programs.md';

describe('site new translation', () => {
  test('writes the same French file as site translate start, and says what is next', () => {
    box = sandbox();
    const target = join(box.content, 'fr', POST);
    rmSync(target);
    const made = site(['new', 'translation', join(box.content, POST), '--content', box.content]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/✓ Created .*content\/fr\/blog\/adas-driver-safety-programs\.md/);
    expect(made.stdout).toContain('TODO: translate:');
    const byNew = readFileSync(target, 'utf8');
    expect(byNew).toMatch(/^---\nsourceHash: "[0-9a-f]{16}"\n/);
    rmSync(target);
    const started = site(['translate', 'start', join(box.content, POST), '--content', box.content]);
    expect(started.status, started.stderr).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(byNew);
  });

  test('--dry-run prints the translation and writes nothing', () => {
    box = sandbox();
    const target = join(box.content, 'fr', POST);
    rmSync(target);
    const dry = site(['new', 'translation', join(box.content, POST), '--dry-run', '--content', box.content]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/content\/fr\/blog\/adas-driver-safety-programs\.md \(new file\)/);
    expect(dry.stdout).toMatch(/^title: "TODO: translate: ADAS and Driver Safety Programs/m);
    expect(dry.stdout).toContain('Dry run: nothing was written.');
    expect(existsSync(target)).toBe(false);
  });

  test('refuses (exit 2, nothing written) a missing file, --slug, a translation to start from, one that exists; a near kind is suggested', () => {
    box = sandbox();
    const before = box.read(`fr/${POST}`);
    const cases: [string[], RegExp][] = [
      [['new', 'translation'], /error: a translation starts from an English file: npx site new translation content\/blog\/<file>\.md/],
      [['new', 'translation', join(box.content, POST), '--slug', 'x'], /error: --slug does not apply to a translation: it has its English file's name/],
      [['new', 'translation', join(box.content, 'fr', POST)], /error: .* is a translation; start from the English file/],
      [['new', 'translation', join(box.content, POST)], /error: .*content\/fr\/blog\/adas-driver-safety-programs\.md already exists/],
      [['new', 'transaltion', 'x'], /error: unknown kind "transaltion"; did you mean "translation"\?/],
    ];
    for (const [args, error] of cases) {
      const result = site([...args, '--content', box.content]);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(error);
    }
    expect(box.read(`fr/${POST}`)).toBe(before);
  });

  test('site new --help names it, and a new post says how to start its translation', () => {
    expect(site(['new', '--help']).stdout).toMatch(/site new translation content\/blog\/x\.md/);
    box = sandbox();
    const made = site(['new', 'post', 'Cold starts in Thunder Bay', '--content', box.content]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/site new translation .*content\/blog\/cold-starts-in-thunder-bay\.md/);
  });
});
