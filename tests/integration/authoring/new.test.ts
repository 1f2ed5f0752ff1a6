// `site new`: the skeleton of each kind parses, holds one located "still to write" problem per
// TODO marker, and validates cleanly once the markers are replaced; ids, orders, slugs and the
// navigation entries a new solution needs.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { planNew, slugify, UsageError, type NewPlan } from '../../../generator/authoring/new.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const DATE = '2025-03-14';
const node = join(root, 'node_modules/.bin/node');
const site = (args: string[]) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

function plan(b: Sandbox, kind: string, title?: string, slug?: string): NewPlan {
  return planNew(loadAll(b.content), { kind, title, slug, date: DATE });
}

function apply(b: Sandbox, p: NewPlan): void {
  for (const f of p.files) {
    mkdirSync(dirname(join(b.content, f.path)), { recursive: true });
    writeFileSync(join(b.content, f.path), f.text);
  }
}

function problemsOf(b: Sandbox) {
  return validate(loadAll(b.content), { contentDir: b.content, includeDrafts: true }).problems.map((p) => ({ ...p, file: p.file.replace(/^.*?\bcontent\//, '') }));
}

/** Line of every TODO marker; a marker opening a `|` block is reported on the line holding its first text. */
function markerLines(text: string): number[] {
  return text.split('\n').flatMap((line, i) => [...line.matchAll(/TODO:/g)].map(() => i + 1));
}

/** What an author would write in place of each marker (by the field that holds it). */
function fill(text: string, kind: string): string {
  const byField: Record<string, string> = {
    readTime: '3', category: kind === 'job' ? 'Design' : 'eld', tags: '[eld, compliance]', icon: 'images/icons/truck.svg',
    image: 'images/people/author-1.svg', value: '42', unit: 'percent',
  };
  const prose = JSON.stringify('Real words that the author wrote for this field, long enough for every minimum length.');
  return text
    .replace(/(\w+): \["TODO:[^"]*"\]/g, (_, key: string) => `${key}: ${byField[key] ?? `[${prose}]`}`)
    .replace(/(\w+): "TODO:[^"]*"/g, (_, key: string) => `${key}: ${byField[key] ?? prose}`)
    .replace(/"TODO:[^"]*"/g, prose)
    .replace(/TODO:/g, 'Written:');
}

describe('slugs', () => {
  test('titles fold to lowercase ASCII with dashes', () => {
    expect(slugify('Réseau électrique')).toBe('reseau-electrique');
    expect(slugify('Réseau électrique et véhicules lourds')).toBe('reseau-electrique-et-vehicules-lourds');
    expect(slugify('IoT & Telematics')).toBe('iot-telematics');
    expect(slugify('  Cold-chain   monitoring! ')).toBe('cold-chain-monitoring');
    expect(slugify('Œuvres de la Straße, Łódź')).toBe('oeuvres-de-la-strasse-lodz');
    expect(slugify('日本')).toBe('');
  });

  test('a long title is cut at a word boundary', () => {
    const slug = slugify('How a regional carrier cut idling by a third across two Ontario winters without new trucks');
    expect(slug.length).toBeLessThanOrEqual(50);
    expect(slug).toBe('how-a-regional-carrier-cut-idling-by-a-third');
  });
});

describe('site new, per kind', () => {
  const cases: [string, string | undefined, string][] = [
    ['post', 'Réseau électrique et véhicules lourds', 'blog/reseau-electrique-et-vehicules-lourds.md'],
    ['faq', 'Can I track trailers without power?', 'faqs/15-can-i-track-trailers-without-power.yaml'],
    ['faq', undefined, 'faqs/15-new-question.yaml'],
    ['job', 'Fleet Data Engineer', 'jobs/fleet-data-engineer.yaml'],
    ['job', undefined, 'jobs/new-job.yaml'],
    ['solution', 'Cold-chain monitoring', 'solutions/cold-chain-monitoring.yaml'],
  ];

  test.each(cases.map(([k, t, p]) => [k, t ?? '(no title)', p, t] as const))('%s %s: one located "still to write" problem per marker, none once they are written', (kind, _label, path, title) => {
    box = sandbox();
    const p = plan(box, kind, title);
    expect(p.files[0]!.path).toBe(path);
    expect(p.files[0]!.action).toBe('create');
    apply(box, p);

    const problems = problemsOf(box);
    expect(problems.every((x) => x.message.startsWith('still to write: ')), problems.map(formatProblem).join('\n')).toBe(true);
    for (const f of p.files) {
      const mine = problems.filter((x) => x.file === f.path);
      expect(mine.map((x) => x.line).sort((a, b) => a - b), f.path).toEqual(markerLines(f.text));
      expect(mine.every((x) => x.path !== '' && x.column > 0)).toBe(true);
    }
    expect(problems.length).toBe(p.files.reduce((n, f) => n + markerLines(f.text).length, 0));
    expect(problems.length).toBeGreaterThan(0);

    for (const f of p.files) box.write(f.path, fill(box.read(f.path), kind));
    expect(problemsOf(box).map(formatProblem)).toEqual([]);
  });

  test('a post starts as a draft, dated today, with the next id counted over drafts too; its markers fail even a build without drafts', () => {
    box = sandbox();
    const first = plan(box, 'post', 'Réseau électrique et véhicules lourds');
    expect(first.files[0]!.text).toMatch(/^---\nid: 11\ntitle: "Réseau électrique et véhicules lourds"\n/);
    expect(first.files[0]!.text).toContain(`\ndate: ${DATE}\n`);
    expect(first.files[0]!.text).toMatch(/\ndraft: true {2}# remove this line when the post is ready to publish\n/);
    // A draft is left out of `site build`, but its markers still fail the build: it cannot ship half-written.
    apply(box, first);
    const built = validate(loadAll(box.content), { contentDir: box.content, includeDrafts: false });
    expect(built.site).toBeUndefined();
    expect(built.problems.filter((x) => x.message.startsWith('still to write')).length).toBe(markerLines(first.files[0]!.text).length);
    box.edit('blog/fuel-card-spend-and-fleet-data.md', /^id: 5$/m, 'id: 40\ndraft: true');
    expect(plan(box, 'post', 'Another post about fleets').files[0]!.text).toMatch(/^---\nid: 41\n/);
  });

  test('faqs and solutions take the next order', () => {
    box = sandbox();
    expect(plan(box, 'faq').files[0]!.text).toMatch(/\norder: 15\n/);
    box.edit('faqs/03-data-security.yaml', /^order: 3$/m, 'order: 20');
    expect(plan(box, 'faq').files[0]!.path).toBe('faqs/21-new-question.yaml');
    expect(plan(box, 'solution', 'Cold-chain monitoring').files[0]!.text).toMatch(/\nslug: cold-chain-monitoring\norder: 8\npath: \/solutions\/cold-chain-monitoring\n/);
  });

  test('an untitled job takes the next free name instead of overwriting one', () => {
    box = sandbox();
    box.write('jobs/new-job.yaml', box.read('jobs/ux-designer.yaml').replace('id: ux-designer', 'id: new-job'));
    expect(plan(box, 'job').files[0]!.path).toBe('jobs/new-job-2.yaml');
  });
});

describe('site new refuses before writing anything', () => {
  test('an existing slug is refused, suggesting the first free -N', () => {
    box = sandbox();
    const title = 'Cold-chain monitoring: food distribution';
    expect(() => plan(box!, 'post', title)).toThrow(UsageError);
    expect(() => plan(box!, 'post', title)).toThrow(/content\/blog\/cold-chain-monitoring-food-distribution\.md already exists; choose another title, or pass --slug cold-chain-monitoring-food-distribution-2$/);
    box.write('blog/cold-chain-monitoring-food-distribution-2.md', '---\nid: 99\n---\n');
    expect(() => plan(box!, 'post', title)).toThrow(/--slug cold-chain-monitoring-food-distribution-3$/);
    expect(() => plan(box!, 'solution', 'ELD')).toThrow(/solutions\/eld\.yaml already exists.*--slug eld-2/);
    expect(() => plan(box!, 'job', 'UX Designer')).toThrow(/jobs\/ux-designer\.yaml already exists/);
    expect(plan(box, 'post', title, 'cold-chain-food').files[0]!.path).toBe('blog/cold-chain-food.md');
  });

  test('a solution whose slug is taken by another solution\'s slug field is refused', () => {
    box = sandbox();
    box.edit('solutions/iot.yaml', /^slug: iot$/m, 'slug: cold-chain');
    box.edit('solutions/iot.yaml', /^path: \/solutions\/iot$/m, 'path: /solutions/cold-chain');
    expect(() => plan(box!, 'solution', 'Cold chain')).toThrow(/solution slug "cold-chain" is already used by .*solutions\/iot\.yaml/);
  });

  test('unknown kind, missing title, a title with no letters and a malformed --slug are usage errors', () => {
    box = sandbox();
    expect(() => plan(box!, 'psot', 'A title for it')).toThrow(/unknown kind "psot"; did you mean "post"\?/);
    expect(() => plan(box!, 'post')).toThrow(/a post needs a title: npx site new post "Your title"/);
    expect(() => plan(box!, 'solution')).toThrow(/a solution needs a title/);
    expect(() => plan(box!, 'post', '日本の物流')).toThrow(/--slug/);
    expect(() => plan(box!, 'post', 'A fine title', 'Bad Slug')).toThrow(/--slug "Bad Slug".*lowercase letters, digits and dashes/);
  });
});

describe('a new solution is linked from the navigation lists that name solutions by hand', () => {
  test('the Solutions menu gets one line, comments and formatting kept; the footer column lists the menu, so it gets none', () => {
    box = sandbox();
    const before = box.read('navigation.yaml');
    const p = plan(box, 'solution', 'Cold-chain monitoring');
    const nav = p.files.find((f) => f.path === 'navigation.yaml');
    expect(nav?.action).toBe('edit');
    expect(nav!.added).toEqual([
      '      - { label: Cold-chain monitoring, href: /solutions/cold-chain-monitoring, icon: "TODO: the solution\'s icon, the same as card.icon in solutions/cold-chain-monitoring.yaml" }',
    ]);
    expect(nav!.where).toEqual(['menus[0].links (Solutions)']);
    expect(nav!.text).toContain('    - heading: Solutions\n      menu: solutions\n');
    // Every original line is still there, in order, and only the two new ones were added.
    const after = nav!.text.split('\n');
    expect(after.filter((l) => !nav!.added.includes(l))).toEqual(before.split('\n'));
    expect(after.indexOf(nav!.added[0]!)).toBe(after.indexOf('      - { label: IoT & Telematics, href: /solutions/iot, icon: images/icons/iot.svg }') + 1);
    expect(nav!.text.startsWith('# yaml-language-server: $schema=../generator/schemas/navigation.schema.json\n# The header\'s mega-menus')).toBe(true);
  });
});

describe('the site CLI', () => {
  test('--dry-run prints the files and writes nothing; an existing slug exits 2 and writes nothing', () => {
    box = sandbox();
    const dry = site(['new', 'solution', 'Cold-chain monitoring', '--dry-run', '--content', box.content]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('solutions/cold-chain-monitoring.yaml (new file)');
    expect(dry.stdout).toContain('slug: cold-chain-monitoring');
    expect(dry.stdout).toContain('navigation.yaml (1 line added)');
    expect(existsSync(join(box.content, 'solutions/cold-chain-monitoring.yaml'))).toBe(false);
    const nav = box.read('navigation.yaml');

    const taken = site(['new', 'solution', 'ELD', '--content', box.content]);
    expect(taken.status).toBe(2);
    expect(taken.stderr).toMatch(/error: .*solutions\/eld\.yaml already exists/);
    expect(box.read('navigation.yaml')).toBe(nav);

    const made = site(['new', 'faq', '--content', box.content]);
    expect(made.status, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/faqs\/15-new-question\.yaml/);
    expect(made.stdout).toMatch(/fill the fields marked TODO, then run npx site preview/);
    expect(readFileSync(join(box.content, 'faqs/15-new-question.yaml'), 'utf8')).toContain('order: 15');
  });
});

describe('site new gives advice that holds', () => {
  test('a new post never invites deleting its description, which publishing (--strict) needs', () => {
    box = sandbox();
    const text = plan(box, 'post', 'Winter tires and ELD').files[0]!.text;
    const line = text.split('\n').find((l) => l.startsWith('description:'))!;
    expect(line).not.toMatch(/delete this line/);
    expect(line).toMatch(/publishing needs it/);
  });
});

describe('site new solution links both languages', () => {
  test('the French menus get the new page too, its label marked for translation (they had silently lacked it)', () => {
    box = sandbox();
    const p = plan(box, 'solution', 'Cold-chain monitoring');
    const french = p.files.find((f) => f.path === 'fr/navigation.yaml');
    expect(french?.action).toBe('edit');
    expect(french!.added.length).toBeGreaterThan(0);
    for (const line of french!.added) expect(line).toMatch(/TODO: translate: Cold-chain monitoring.*\/solutions\/cold-chain-monitoring/);
    const english = p.files.find((f) => f.path === 'navigation.yaml');
    expect(english!.added.every((l) => !l.includes('translate:'))).toBe(true);
  });
});
