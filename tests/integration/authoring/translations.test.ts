// The French copy (content/fr/): loaded and validated with the English schemas, each file naming
// the English version it translates (sourceHash); missing, out-of-date and orphan translations are
// warnings located at the French file (errors with --strict); `site translate stamp|start|status`.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, renameSync, rmSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { translationWarnings } from '../../../generator/validate/translations.ts';
import { Builder } from '../../../generator/build/build.ts';
import { contentDir, lineOf, root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const node = join(root, 'node_modules/.bin/node');
const site = (args: string[], cwd: string) => spawnSync(node, [join(root, 'bin/site.js'), ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const FAQ = 'faqs/01-benefits.yaml';
const POST = 'blog/adas-driver-safety-programs.md';

/** Problems and warnings with paths from content/, one line each as the terminal prints them. */
function report(b: Sandbox) {
  const records = loadAll(b.content);
  const strip = (s: string) => s.replace(/\S*site-sandbox-\w+\/content\//g, 'content/');
  const result = validate(records, { contentDir: b.content, includeDrafts: true });
  return {
    result,
    problems: result.problems.map((p) => strip(formatProblem(p))),
    warnings: translationWarnings(records).map((p) => strip(formatProblem(p))),
  };
}

const digest = (b: Sandbox, rel: string) => createHash('sha256').update(readFileSync(join(b.content, rel))).digest('hex').slice(0, 16);

describe('the shipped French copy', () => {
  test('loads every file of content/fr/ as French, validates, and reports no translation warning', () => {
    const records = loadAll(contentDir);
    const french = records.filter((r) => r.locale === 'fr');
    expect(french.length).toBeGreaterThan(90);
    expect(french.every((r) => r.relPath.startsWith('fr/') && r.file.includes('content/fr/'))).toBe(true);
    // site.yaml is shared; the notes file is not content.
    expect(french.some((r) => r.collection === 'site' || r.slug.startsWith('_'))).toBe(false);
    expect(french.every((r) => typeof r.sourceHash === 'string' && !Object.hasOwn(r.data as object, 'sourceHash'))).toBe(true);
    const result = validate(records, { contentDir, includeDrafts: true });
    expect(result.problems.map(formatProblem)).toEqual([]);
    expect(translationWarnings(records).map(formatProblem)).toEqual([]);
    const fr = result.translations.fr!;
    expect(fr.fallbacks.size).toBe(0);
    expect(fr.site.posts.length).toBe(result.site!.posts.length);
    expect(fr.site.faqs[0]!.title).not.toBe(result.site!.faqs[0]!.title);
    expect(fr.site.config).toBe(result.site!.config);
  });

  test('without content/fr/ the site is English only; with it, English pages differ only by their language links', async () => {
    box = sandbox();
    const options = { root, contentDir: box.content, mode: 'production' as const, includeDrafts: false };
    const withFrench = await new Builder(options).full();
    rmSync(join(box.content, 'fr'), { recursive: true });
    const without = await new Builder(options).full();
    // Without content/fr/ the site is English only: no French file, no language link, no switch.
    expect([...without.keys()].filter((f) => f.startsWith('fr/'))).toEqual([]);
    const home = without.get('index.html')!.toString('utf8');
    expect(home).not.toContain('hreflang');
    expect(home).not.toContain('data-language-switch');
    // With it, every English page is there too, and differs only by naming its French version.
    const strip = (html: string) => html.replace(/<link rel="alternate" hrefLang="[^"]+" href="[^"]+"\/>|<meta property="og:locale:alternate"[^>]*\/>|<a [^>]*data-language-switch[^>]*>.*?<\/a>/g, '');
    for (const [file, bytes] of without) {
      expect(withFrench.has(file), file).toBe(true);
      if (file.endsWith('.html')) expect(strip(withFrench.get(file)!.toString('utf8')), file).toBe(strip(bytes.toString('utf8')));
    }
  }, 60_000);
});

describe('translation status warnings, located at the French file', () => {
  test('missing: at the path the translation should have, naming the English file; the French model falls back to it', () => {
    box = sandbox();
    unlinkSync(join(box.content, 'fr', FAQ));
    const { result, problems, warnings } = report(box);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([`content/fr/${FAQ}:1:1  no French copy of content/${FAQ}; its pages fall back to English; run npx site translate start content/${FAQ} and translate the fields marked TODO`]);
    const fr = result.translations.fr!;
    expect([...fr.fallbacks]).toEqual([FAQ]);
    expect(fr.site.faqs.find((f) => f.order === 1)).toEqual(result.site!.faqs.find((f) => f.order === 1));
  });

  test('a content folder without content/fr/ is English only: nothing is "missing"', () => {
    box = sandbox();
    rmSync(join(box.content, 'fr'), { recursive: true });
    const { result, problems, warnings } = report(box);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    // No French file at all: the site has no French pages (they would all be English).
    expect(result.translations.fr).toBeUndefined();
  });

  test('out of date: the English file changed after translation; at the sourceHash line, with the command to re-stamp', () => {
    box = sandbox();
    box.edit(FAQ, /^title: .*/m, 'title: "What does telematics do for my business, exactly?"');
    const { problems, warnings } = report(box);
    expect(problems).toEqual([]);
    const line = lineOf(box.read(`fr/${FAQ}`), 'sourceHash:');
    expect(warnings).toEqual([
      `content/fr/${FAQ}:${line}:13  sourceHash: content/${FAQ} changed since this was translated (its sourceHash is not the current English file's); bring the translation up to date with content/${FAQ} (git diff shows what changed), then run npx site translate stamp content/fr/${FAQ}`,
    ]);
  });

  test('up to date: a translation stamped with the English file\'s current digest has no warning', () => {
    box = sandbox();
    box.edit(FAQ, /^title: .*/m, 'title: "What does telematics do for my business, exactly?"');
    box.edit(`fr/${FAQ}`, /sourceHash: .*/, `sourceHash: "${digest(box, FAQ)}"`);
    expect(report(box).warnings).toEqual([]);
  });

  test('orphan: a French file whose English file does not exist (renamed), and the English one is then missing', () => {
    box = sandbox();
    renameSync(join(box.content, 'fr', FAQ), join(box.content, 'fr/faqs/01-telematics.yaml'));
    const { problems, warnings } = report(box);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      `content/fr/${FAQ}:1:1  no French copy of content/${FAQ}; its pages fall back to English; run npx site translate start content/${FAQ} and translate the fields marked TODO`,
      'content/fr/faqs/01-telematics.yaml:1:1  translates content/faqs/01-telematics.yaml, which does not exist; delete it, or rename it after the English file it translates (content/fr/ mirrors content/)',
    ]);
  });

  test('--strict: validate prints the warnings and exits 0, with --strict exits 1', () => {
    box = sandbox();
    unlinkSync(join(box.content, 'fr', FAQ));
    const plain = site(['validate'], box.dir);
    expect(plain.status, plain.stderr).toBe(0);
    expect(plain.stdout).toContain(`content/fr/${FAQ}:1:1  no French copy of content/${FAQ}`);
    const strict = site(['validate', '--strict'], box.dir);
    expect(strict.status).toBe(1);
    expect(strict.stderr).toContain(`content/fr/${FAQ}:1:1  no French copy of content/${FAQ}`);
    expect(strict.stderr).toContain('✗ --strict: 1 warning fails the command');
  }, 30_000);
});

describe('French files are content like the English', () => {
  test('a missing or malformed sourceHash is a located error', () => {
    box = sandbox();
    box.edit(`fr/${FAQ}`, /sourceHash: .*\n/, '');
    box.edit(`fr/${POST}`, /sourceHash: .*/, 'sourceHash: "86a929c6"');
    const { problems } = report(box);
    expect(problems).toEqual([
      `content/fr/${POST}:2:13  sourceHash: sourceHash "86a929c6" is not 16 lowercase hex digits; do not write it by hand: run npx site translate stamp content/fr/${POST} once this translates the current English file`,
      `content/fr/${FAQ}:1:1  sourceHash is missing: which version of content/${FAQ} does this translate?; once it translates the current English file, run npx site translate stamp content/fr/${FAQ} (it adds sourceHash:)`,
    ]);
  });

  test('the English schemas, placeholders and links apply to French files, located in them', () => {
    box = sandbox();
    box.edit(`fr/${FAQ}`, /^title: /m, 'titel: ');
    box.edit(`fr/${POST}`, /^title: "ADAS/m, 'title: "{brnd} ADAS');
    box.write(`fr/${POST}`, `${box.read(`fr/${POST}`)}\nVoir [la page](/solutions/nulle-part).\n`);
    const { problems } = report(box);
    expect(problems.every((p) => p.startsWith('content/fr/'))).toBe(true);
    expect(problems.some((p) => p.includes(`content/fr/${FAQ}`) && p.includes('titel: is not a known field; did you mean title?'))).toBe(true);
    expect(problems.some((p) => p.includes(`content/fr/${POST}:4:`) && p.includes('{brnd} is not a placeholder; did you mean {brand}?'))).toBe(true);
    expect(problems.some((p) => p.includes('link "/solutions/nulle-part" goes to a page that does not exist'))).toBe(true);
  });

  test('a translation repeats its English item\'s id and order without a duplicate problem; two French items sharing one are', () => {
    box = sandbox();
    box.edit('fr/faqs/02-compatibility.yaml', /^order: .*/m, 'order: 1');
    expect(report(box).problems).toEqual([expect.stringMatching(/^content\/fr\/faqs\/02-compatibility\.yaml:\d+:\d+  order: 1 is also the order of .*content\/fr\/faqs\/01-benefits\.yaml/)]);
  });

  test('content/fr/site.yaml is refused: site.yaml is shared', () => {
    box = sandbox();
    box.write('fr/site.yaml', box.read('site.yaml'));
    expect(report(box).problems).toEqual(['content/fr/site.yaml:1:1  site.yaml is shared by every language and is not translated; remove this file: the site reads content/site.yaml for every language']);
  });
});

describe('site translate', () => {
  test('stamp records the English file\'s current digest: only the sourceHash line changes, and the warning goes', () => {
    box = sandbox();
    box.edit(FAQ, /^title: .*/m, 'title: "What does telematics do for my business, exactly?"');
    const before = box.read(`fr/${FAQ}`);
    const result = site(['translate', 'stamp', `content/fr/${FAQ}`], box.dir);
    expect(result.status, result.stderr).toBe(0);
    const after = box.read(`fr/${FAQ}`);
    expect(after).toBe(before.replace(/sourceHash: .*/, `sourceHash: "${digest(box, FAQ)}"`));
    expect(report(box).warnings).toEqual([]);
    // A file without the key gets it as its first front-matter key.
    box.edit(`fr/${POST}`, /sourceHash: .*\n/, '');
    expect(site(['translate', 'stamp', `content/fr/${POST}`], box.dir).status).toBe(0);
    expect(box.read(`fr/${POST}`).split('\n').slice(0, 2)).toEqual(['---', `sourceHash: "${digest(box, POST)}"`]);
  }, 30_000);

  test('stamp and start refuse what they cannot do (exit 2) and write nothing', () => {
    box = sandbox();
    const cases: [string[], RegExp][] = [
      [['translate', 'stamp', `content/${FAQ}`], /is an English file; stamp its translation/],
      [['translate', 'stamp', 'content/fr/faqs/99-nothing.yaml'], /does not exist; start it with npx site translate start content\/faqs\/99-nothing\.yaml/],
      [['translate', 'stamp', 'content/fr/site.yaml'], /is shared by every language/],
      [['translate', 'stamp', 'README.md'], /is not a content file/],
      [['translate', 'start', `content/fr/${FAQ}`], /is a translation; start from the English file/],
      [['translate', 'start', `content/${FAQ}`], /already exists; update it, then run npx site translate stamp/],
    ];
    for (const [args, message] of cases) {
      const result = site(args, box.dir);
      expect(result.status, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  }, 60_000);

  test('start writes the translation with sourceHash and every text marked, so validate lists exactly what is left', () => {
    box = sandbox();
    unlinkSync(join(box.content, 'fr', POST));
    unlinkSync(join(box.content, 'fr', FAQ));
    for (const file of [POST, FAQ]) {
      const result = site(['translate', 'start', `content/${file}`], box.dir);
      expect(result.status, result.stderr).toBe(0);
      expect(existsSync(join(box.content, 'fr', file))).toBe(true);
    }
    const post = box.read(`fr/${POST}`);
    expect(post.split('\n').slice(0, 3)).toEqual(['---', `sourceHash: "${digest(box, POST)}"`, 'id: 8']);
    expect(post).toContain('title: "TODO: translate: ADAS and Driver Safety Programs That Drivers Actually Accept"');
    expect(post).toContain('image: images/blog/driver-safety.svg');
    expect(box.read(`fr/${FAQ}`).split('\n').slice(0, 2)).toEqual(['# yaml-language-server: $schema=../../../generator/schemas/faq.schema.json', `sourceHash: "${digest(box, FAQ)}"`]);
    const { problems, warnings } = report(box);
    expect(warnings).toEqual([]);
    expect(problems.length).toBeGreaterThan(20);
    // Nothing but "still to write", in the two new files: ids, paths and images were kept.
    expect(problems.filter((p) => !/^content\/fr\/(blog|faqs)\/.*  [\w.[\]]+: still to write: translate: /.test(p))).toEqual([]);
    expect(problems.some((p) => p.startsWith(`content/fr/${FAQ}:`) && p.includes('title: still to write: translate: '))).toBe(true);
  }, 30_000);

  test('status prints a per-collection table', () => {
    box = sandbox();
    unlinkSync(join(box.content, 'fr', FAQ));
    box.edit(POST, /^readTime: .*/m, 'readTime: 4');
    const result = site(['translate', 'status'], box.dir);
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^ {2}collection +items +translated +out of date +missing +orphans$/m);
    expect(result.stdout).toMatch(/^ {2}faqs +14 +13 +0 +1 +0$/m);
    expect(result.stdout).toMatch(/^ {2}blog +10 +10 +1 +0 +0$/m);
    expect(result.stdout).toContain(`missing content/${FAQ}`);
    expect(result.stdout).toContain(`out of date content/fr/${POST}`);
  }, 30_000);
});
