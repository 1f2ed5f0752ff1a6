// Rules content authors can meet, and messages that tell them what to write: accented tags, a
// date the calendar does not have, and problem lists that stay readable when there are thousands.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { SOURCE_BYTES_WARNED, sourceBytesProblem } from '../../../generator/assets/images/problems.ts';
import { join } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { formatProblem, type Problem } from '../../../generator/problems/problems.ts';
import { schemaDir, schemaFiles } from '../../../generator/content/schemas.ts';
import { problemLines } from '../../../generator/terminal.ts';
import { sandbox, lineOf, root, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const POST = 'blog/preparing-fleet-for-canadian-winter.md';
const FR_POST = 'fr/blog/preparing-fleet-for-canadian-winter.md';

function validated(b: Sandbox) {
  const result = validate(loadAll(b.content), { contentDir: b.content, includeDrafts: false });
  return { ...result, problems: result.problems.map((p) => ({ ...p, file: p.file.replace(/^.*?\bcontent\//, 'content/') })) };
}
const linesOf = (b: Sandbox) => validated(b).problems.map(formatProblem);
const plain = (lines: string[]) => lines.map((l) => l.replace(/\x1b\[\d+m/g, ''));

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[], cwd: string) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 });

describe('tags', () => {
  test('a French tag with accents is accepted (opérations hivernales)', () => {
    box = sandbox();
    box.edit(FR_POST, /^tags: .*$/m, 'tags: [opérations hivernales, sécurité, entretien, télématique]');
    expect(linesOf(box)).toEqual([]);
  });

  test('a tag with capitals is refused in words saying what a tag may hold, not a regular expression', () => {
    box = sandbox();
    box.edit(POST, /^tags: .*$/m, 'tags: [Winter, safety]');
    const lines = linesOf(box);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/tags\[0\]: "Winter" is not in the expected form; expected lowercase words/);
    expect(lines[0]).not.toMatch(/\^|\$|\[a-z/);
  });

  test('every pattern in every schema says in words what it allows (x-form), so no message shows a regular expression', () => {
    const missing: string[] = [];
    const walk = (node: unknown, where: string) => {
      if (Array.isArray(node)) node.forEach((n, i) => walk(n, `${where}/${i}`));
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        if (typeof o.pattern === 'string' && typeof o['x-form'] !== 'string') missing.push(`${where}: ${o.pattern}`);
        for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`);
      }
    };
    for (const file of schemaFiles()) walk(JSON.parse(readFileSync(join(schemaDir, file), 'utf8')), file);
    expect(missing).toEqual([]);
  });
});

describe('readTime', () => {
  test('a reading time of 7 minutes is accepted', () => {
    box = sandbox();
    box.edit(POST, /^readTime: .*$/m, 'readTime: 7');
    expect(linesOf(box)).toEqual([]);
  });

  test('a post without readTime gets one from its word count (220 words a minute, rounded up); the French post from its own', () => {
    box = sandbox();
    box.edit(POST, /^readTime: .*\n/m, '');
    box.edit(FR_POST, /^readTime: .*\n/m, '');
    const words = 'word '.repeat(1000);
    box.edit(POST, /\n---\n[\s\S]*$/, `\n---\n\n${words}\n`);
    const result = validated(box);
    expect(result.problems.map(formatProblem)).toEqual([]);
    const post = result.site!.posts.find((p) => p.slug === 'preparing-fleet-for-canadian-winter')!;
    expect(post.readTime).toBe(Math.ceil(1000 / 220));
    const fr = result.translations.fr!.site.posts.find((p) => p.slug === 'preparing-fleet-for-canadian-winter')!;
    expect(fr.readTime).toBeGreaterThanOrEqual(1);
  });

  test('a reading time of 0 or 500 minutes is out of range', () => {
    box = sandbox();
    box.edit(POST, /^readTime: .*$/m, 'readTime: 500');
    expect(linesOf(box)).toEqual([expect.stringMatching(/readTime: 500 is above the maximum 120/)]);
  });
});

describe('site.yaml phone', () => {
  test('a display number that is not the tel number is located at display', () => {
    box = sandbox();
    box.edit('site.yaml', 'display: (416) 555-0142', 'display: (416) 555-0199');
    const lines = linesOf(box);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^content/site.yaml:${lineOf(box.read('site.yaml'), 'display:')}:\\d+  phone\\.display: "\\(416\\) 555-0199" is not the number phone\\.tel dials \\(\\+14165550142\\)`))]);
  });

  test('the same number written with a country code, dots or spaces is fine', () => {
    box = sandbox();
    box.edit('site.yaml', 'display: (416) 555-0142', 'display: +1 416.555.0142');
    expect(linesOf(box)).toEqual([]);
  });
});

describe('dates', () => {
  test('February 30th is named as a day the month does not have, not as a wrong form', () => {
    box = sandbox();
    box.edit(POST, /^date: .*$/m, 'date: 2024-02-30');
    const lines = linesOf(box);
    expect(lines).toEqual([expect.stringMatching(/date: "2024-02-30" is not a date; February 2024 has 29 days/)]);
    box.edit(POST, /^date: .*$/m, 'date: 2023-02-29');
    expect(linesOf(box)).toEqual([expect.stringMatching(/February 2023 has 28 days/)]);
    box.edit(POST, /^date: .*$/m, 'date: 2024-13-01');
    expect(linesOf(box)).toEqual([expect.stringMatching(/"2024-13-01" is not a date; there are 12 months/)]);
  });
});

describe('many problems', () => {
  const problem = (i: number, code: Problem['code'] = 'broken-link'): Problem => ({ file: 'content/blog/x.md', line: i + 1, column: 1, path: 'body', code, severity: 'error', message: `m${i}`, hint: '' });

  test('errors are capped by kind with "… and N more", and all lists every one', () => {
    const many = [...Array.from({ length: 50_000 }, (_, i) => problem(i)), problem(0, 'not-a-date')];
    const lines = plain(problemLines(many));
    expect(lines.length).toBeLessThan(20);
    expect(lines).toContain('  … and 49,995 more broken-link errors');
    expect(lines.some((l) => l.includes('not-a-date') || l.includes('m0'))).toBe(true);
    expect(lines.at(-1)).toMatch(/--all-problems lists every one/);
    expect(plain(problemLines(many, true))).toHaveLength(50_001);
  });

  test('20,000 unknown keys in one file are 20,000 problems, listed as a few lines', () => {
    box = sandbox();
    const keys = Array.from({ length: 20_000 }, (_, i) => `extra${i}: 1`).join('\n');
    box.edit('faqs/01-benefits.yaml', /^title:/m, `${keys}\ntitle:`);
    const found = validated(box).problems;
    expect(found.filter((p) => p.code === 'unknown-field')).toHaveLength(20_000);
    expect(plain(problemLines(found)).length).toBeLessThan(20);
  }, 60_000);

  test('site validate with a content problem does not speak of a build it never makes', () => {
    box = sandbox();
    box.edit(POST, /^date: .*$/m, 'date: 2024-13-01');
    const result = site(['--content', box.content, 'validate'], box.dir);
    expect(result.status).toBe(1);
    expect(result.stderr).not.toMatch(/previous build/);
    expect(result.stderr).toMatch(/validate never writes/);
  });

  test('a post with 50,000 broken links prints a few lines, and --all-problems every one', () => {
    box = sandbox();
    const links = Array.from({ length: 50_000 }, (_, i) => `[x](/nowhere-${i})`).join('\n\n');
    box.edit(POST, /\n---\n[\s\S]*$/, `\n---\n\n${links}\n`);
    const result = site(['--content', box.content, 'validate'], box.dir);
    expect(result.status).toBe(1);
    expect(result.stderr.split('\n').length).toBeLessThan(30);
    expect(result.stderr).toContain('more broken-link errors');
  }, 120_000);
});

describe('source photos', () => {
  test('a 12 MB source is a located warning with its size and what to export; 5 MB is not', () => {
    const at = { file: 'content/blog/yard.md', line: 7, column: 8, path: 'image' };
    expect(sourceBytesProblem('images/blog/yard.jpg', at, 12 * 1048576)).toMatchObject({ ...at, code: 'heavy-source-image', severity: 'warning', message: 'image "images/blog/yard.jpg" is 12 MB, more than 5 MB of source photo in the repository' });
    expect(sourceBytesProblem('images/blog/yard.jpg', at, 12 * 1048576)!.hint).toMatch(/4,000 px/);
    expect(sourceBytesProblem('images/blog/yard.jpg', at, SOURCE_BYTES_WARNED)).toBeUndefined();
  });

  test('no shipped photo is over the source-size warning (publishing runs --strict)', () => {
    const big: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (statSync(p).size > SOURCE_BYTES_WARNED) big.push(p);
      }
    };
    walk(join(root, 'content/images'));
    expect(big).toEqual([]);
  });
});

describe('job categories', () => {
  test('a category an author adds to the careers pages of both languages is accepted (Operations was refused)', () => {
    box = sandbox();
    box.edit('pages/career.yaml', 'Sales: Sales }', 'Sales: Sales, Operations: Operations }');
    box.edit('fr/pages/career.yaml', /^(\s*categories: \{.*)\}$/m, '$1, Operations: Opérations }');
    box.edit('jobs/ux-designer.yaml', 'category: "Design"', 'category: "Operations"');
    expect(linesOf(box)).toEqual([]);
  });

  test('a job category the careers page does not name is located, with the near name and how to open one', () => {
    box = sandbox();
    box.edit('jobs/ux-designer.yaml', 'category: "Design"', 'category: "Desing"');
    const lines = plain(linesOf(box));
    expect(lines).toEqual([expect.stringMatching(/^content\/jobs\/ux-designer\.yaml:\d+:\d+  category: "Desing" is not a job category; did you mean Design\?$/)]);
  });
});
