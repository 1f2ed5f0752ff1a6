import { afterEach, describe, expect, test } from 'vitest';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { check, compileValidators, createAjv, saveValidatorCode, schemaDir, validatorsFromModule } from '../../../generator/content/schemas.ts';
import { schemaFor } from '../../../generator/content/collections.ts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sandbox, lineOf, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

/** Problems with file paths as an author sees them from the project folder (content/…). */
function problemsOf(b: Sandbox) {
  return validate(loadAll(b.content), { contentDir: b.content, includeDrafts: false }).problems.map((p) => ({ ...p, file: p.file.replace(/^.*?\bcontent\//, 'content/') }));
}

describe('validate', () => {
  test('every schema is valid JSON Schema 2020-12 (the build skips this check for speed)', () => {
    const files = readdirSync(schemaDir).filter((f) => f.endsWith('.schema.json'));
    expect(files.length).toBeGreaterThan(10);
    const ajv = createAjv({ checkSchemas: true });
    for (const file of files) {
      const schema = JSON.parse(readFileSync(join(schemaDir, file), 'utf8'));
      expect(ajv.validateSchema(schema), `${file}: ${ajv.errorsText()}`).toBe(true);
      expect(() => ajv.getSchema(schema.$id ?? file)).not.toThrow();
    }
  });

  test('validators loaded from the saved module (the build\'s code cache) find what freshly compiled ones find', () => {
    // Every record of the shipped content, plus broken copies: errors (with the verbose
    // schema parts the messages read), references and runtime parameters must be the same.
    const { validators, code } = compileValidators();
    const dir = mkdtempSync(join(tmpdir(), 'site-schemas-'));
    try {
      writeFileSync(join(dir, 'v.cjs'), code);
      const saved = validatorsFromModule(join(dir, 'v.cjs'));
      box = sandbox();
      box.edit('blog/fleet-management-trends-2024.md', /^date: .*$/m, 'date: 2024-13-01\nsubheadng: x');
      box.edit('solutions/adas.yaml', /^path: .*\n/m, '');
      let compared = 0;
      for (const record of loadAll(box.content)) {
        const schema = schemaFor(record.collection, record.slug);
        if (!schema || record.problems.length) continue;
        for (const data of [record.data, { ...(record.data as object), extra: [1] }]) {
          expect(check(schema, data, saved), record.file).toEqual(check(schema, data, validators));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(100);
      // V8's code for the module, saved once it has run, is used by the next load and not saved
      // again; damaged, it is rejected (the module compiles as without it) and saved anew.
      const codeFile = join(dir, `v.cjs.v8-${process.versions.v8}.code`);
      saveValidatorCode();
      const saved1 = readFileSync(codeFile);
      expect(saved1.length).toBeGreaterThan(10_000);
      const again = validatorsFromModule(join(dir, 'v.cjs'));
      const sample = loadAll(box.content).find((r) => r.collection === 'blog' && !r.problems.length)!;
      const sampleSchema = schemaFor(sample.collection, sample.slug)!;
      expect(check(sampleSchema, sample.data, again)).toEqual(check(sampleSchema, sample.data, validators));
      saveValidatorCode();
      expect(readFileSync(codeFile).equals(saved1)).toBe(true);
      // (Another source: V8 would otherwise take this process's own compilation of the first.)
      writeFileSync(join(dir, 'w.cjs'), `${code}// w\n`);
      const damagedFile = join(dir, `w.cjs.v8-${process.versions.v8}.code`);
      writeFileSync(damagedFile, 'x');
      const damaged = validatorsFromModule(join(dir, 'w.cjs'));
      expect(check(sampleSchema, { ...(sample.data as object), extra: [1] }, damaged)).toEqual(check(sampleSchema, { ...(sample.data as object), extra: [1] }, validators));
      saveValidatorCode();
      expect(readFileSync(damagedFile).length).toBeGreaterThan(10_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the shipped content is valid', () => {
    box = sandbox();
    expect(problemsOf(box).map(formatProblem)).toEqual([]);
  });

  test('a bad date, a missing field and a broken link are all reported at once, each located', () => {
    box = sandbox();
    const post = 'blog/eld-hours-of-service-compliance-canada.md';
    box.edit(post, /^date: .*$/m, 'date: 2024-13-01');
    box.edit('solutions/adas.yaml', /^path: .*\n/m, '');
    box.edit('navigation.yaml', 'href: /faqs }', 'href: /faq }');
    const problems = problemsOf(box);
    const lines = problems.map(formatProblem);
    expect(lines).toHaveLength(3);
    expect(lines).toContain(`content/blog/${post.slice(5)}:${lineOf(box.read(post), 'date: 2024-13-01')}:7  date: "2024-13-01" is not a date; there are 12 months, and 13 is not one of them: check the day and month`);
    expect(lines.find((l) => l.includes('solutions/adas.yaml'))).toMatch(/^content\/solutions\/adas\.yaml:2:1 {2}path: is missing; add path:/);
    const nav = box.read('navigation.yaml');
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^content/navigation.yaml:${lineOf(nav, 'href: /faq }')}:\\d+  footer\\.columns\\[3\\]\\.links\\[2\\]\\.href: link "/faq" goes to a page that does not exist; did you mean /faqs\\?$`)));
  });

  test('an unknown field far from any name lists the fields that are allowed, pointing at the key', () => {
    box = sandbox();
    box.edit('faqs/01-benefits.yaml', /^title:/m, 'question:');
    const [p, q] = problemsOf(box);
    expect(p).toMatchObject({ path: 'title', code: 'missing-field', message: 'is missing', hint: 'add title: (The question)' });
    expect(q).toMatchObject({ path: 'question', line: 3, column: 1, code: 'unknown-field', message: 'is not a known field', hint: 'expected one of: order, title, content, publishAt, expiresAt' });
  });

  test('a misspelt key is one problem that names the field it meant, not also "missing" (subheadng)', () => {
    box = sandbox();
    const post = 'blog/fleet-management-trends-2024.md';
    box.edit(post, /^subheading:/m, 'subheadng:');
    const lines = problemsOf(box).map(formatProblem);
    expect(lines).toEqual([`content/${post}:${lineOf(box.read(post), 'subheadng:')}:1  subheadng: is not a known field; did you mean subheading?`]);
  });

  test('a category in the wrong case is one line naming the category it meant (ELD → eld)', () => {
    box = sandbox();
    const post = 'blog/eld-hours-of-service-compliance-canada.md';
    box.edit(post, /^category: .*$/m, 'category: ELD');
    const lines = problemsOf(box).map(formatProblem);
    expect(lines).toEqual([`content/${post}:${lineOf(box.read(post), 'category: ELD')}:11  category: "ELD" is not a category; did you mean eld?`]);
  });

  test('a misspelt image path names the nearest image that exists', () => {
    box = sandbox();
    const post = 'blog/eld-hours-of-service-compliance-canada.md';
    const image = /^image: (images\/\S+)$/m.exec(box.read(post))![1]!;
    box.edit(post, `image: ${image}`, `image: ${image.replace(/(\w)(\w)\.svg$/, '$2$1.svg')}`);
    const [p] = problemsOf(box);
    expect(p).toMatchObject({ path: 'image', code: 'missing-image', hint: `did you mean ${image}?` });
  });

  test('a link to a page that does not exist names the nearest page (/contact → /contact-us); none near, no guess', () => {
    box = sandbox();
    box.edit('navigation.yaml', 'href: /faqs }', 'href: /contact }');
    box.edit('navigation.yaml', 'href: /leadership,', 'href: /team,');
    const hints = problemsOf(box).map((p) => `${p.message}; ${p.hint}`);
    expect(hints).toContain('link "/contact" goes to a page that does not exist; did you mean /contact-us?');
    expect(hints).toContain('link "/team" goes to a page that does not exist; link to an existing page (the Pages list of /_admin shows them all) or remove the link');
  });

  test('a duplicate post id names the next free id, and a duplicate order the next free order', () => {
    box = sandbox();
    box.edit('blog/ai-in-fleet-management-today.md', /^id: \d+$/m, 'id: 1');
    box.edit('faqs/02-compatibility.yaml', /^order: \d+$/m, 'order: 1');
    const problems = problemsOf(box);
    const maxId = Math.max(...readdirSync(join(box.content, 'blog')).map((f) => Number(/^id: (\d+)$/m.exec(box!.read(`blog/${f}`))?.[1] ?? 0)));
    const maxOrder = Math.max(...readdirSync(join(box.content, 'faqs')).map((f) => Number(/^order: (\d+)$/m.exec(box!.read(`faqs/${f}`))?.[1] ?? 0)));
    expect(problems).toHaveLength(2);
    expect(problems.find((p) => p.code === 'duplicate-id')).toMatchObject({ path: 'id', message: expect.stringMatching(/^post id 1 is also used by .*content\/blog\/.+\.md$/), hint: `change one of them to the next free one, ${maxId + 1}` });
    expect(problems.find((p) => p.code === 'duplicate-order')).toMatchObject({ path: 'order', message: expect.stringMatching(/^1 is also the order of .*content\/faqs\/01-.+\.yaml$/), hint: `change one of them to the next free order, ${maxOrder + 1}` });
  });

  test('links and images are checked in a file that also has a schema error', () => {
    box = sandbox();
    const post = 'blog/fleet-management-trends-2024.md';
    box.edit(post, /^date: .*$/m, 'date: 2024-02-30');
    box.write(post, `${box.read(post)}\nSee [our pricing](/pricing) and ![a chart](images/blog/chart.svg).\n`);
    const codes = problemsOf(box).map((p) => p.code).sort();
    expect(codes).toEqual(['broken-link', 'missing-image', 'not-a-date']);
  });

  test('a counter with a non-numeric value is rejected', () => {
    box = sandbox();
    box.edit('solutions/eld.yaml', /value: 30\n/, 'value: thirty\n');
    const problems = problemsOf(box);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ path: 'counters.items[0].value', message: '"thirty" is a string, expected a number' });
  });

  test('duplicate post ids, missing images and unknown categories are caught', () => {
    box = sandbox();
    box.edit('blog/ai-in-fleet-management-today.md', /^id: \d+$/m, 'id: 1');
    box.edit('blog/cold-chain-monitoring-food-distribution.md', /^image: .*$/m, 'image: images/blog/nope.svg');
    box.edit('blog/adas-driver-safety-programs.md', /^category: .*$/m, 'category: safety');
    const messages = problemsOf(box).map((p) => `${p.path}: ${p.message}; ${p.hint}`);
    expect(messages).toContainEqual(expect.stringMatching(/^id: post id 1 is also used by .*content\/blog\/.+\.md; change one of them to the next free one, \d+$/));
    expect(messages).toContain('image: image "images/blog/nope.svg" does not exist; add the file under content/images/blog/ or fix the path');
    expect(messages).toContain('category: "safety" is not a category; expected one of: eld, technology, industry (content/blog-categories.yaml)');
  });

  test('links inside Markdown bodies are checked with their line', () => {
    box = sandbox();
    const file = 'blog/fleet-management-trends-2024.md';
    box.write(file, `${box.read(file)}\nSee [our pricing](/pricing).\n`);
    const [p] = problemsOf(box);
    expect(p).toMatchObject({ file: `content/${file}`, line: box.read(file).split('\n').length - 1, path: 'body' });
    expect(p!.message).toMatch(/^link "\/pricing" goes to a page that does not exist/);
  });

  test('links and images inside a Markdown field (a FAQ answer) are checked, each at the line and column where it is written', () => {
    box = sandbox();
    const faq = 'faqs/01-benefits.yaml';
    const added = '  See [our rates](/pricing), ![a chart](https://cdn.example.com/chart.png) and ![](images/blog/nope.svg).\n  Again [our rates](/pricing).\n';
    box.write(faq, `${box.read(faq).replace(/\n*$/, '\n\n')}${added}`);
    const text = box.read(faq);
    const line = lineOf(text, 'See [our rates]');
    const col = (needle: string, at = line) => text.split('\n')[at - 1]!.indexOf(needle) + 1;
    const found = problemsOf(box).map((p) => [p.file, p.line, p.column, p.path, p.code]);
    expect(found).toEqual([
      [`content/${faq}`, line, col('[our rates]'), 'content', 'broken-link'],
      [`content/${faq}`, line, col('![a chart]'), 'content', 'remote-image'],
      [`content/${faq}`, line, col('![]'), 'content', 'missing-alt'],
      [`content/${faq}`, line, col('![]'), 'content', 'missing-image'],
      [`content/${faq}`, line + 1, col('[our rates]', line + 1), 'content', 'broken-link'],
    ]);
  });

  test('an image in a Markdown field is handed to the image stage; in a one-paragraph field it is a problem', () => {
    box = sandbox();
    const faq = 'faqs/01-benefits.yaml';
    const image = /^image: (images\/\S+\.svg)$/m.exec(box.read('blog/adas-driver-safety-programs.md'))![1]!;
    box.write(faq, `${box.read(faq).replace(/\n*$/, '\n\n')}  ![A truck on a highway](${image})\n`);
    const result = validate(loadAll(box.content), { contentDir: box.content, includeDrafts: false });
    expect(result.problems).toEqual([]);
    expect(result.images.filter((i) => i.value === image).map((i) => i.at().file.replace(/^.*?\bcontent\//, 'content/'))).toContain(`content/${faq}`);
    box.edit('pages/career.yaml', /(accommodation: ".*)"/, `$1 ![A truck](${image})"`);
    const [p, ...rest] = problemsOf(box);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({ file: 'content/pages/career.yaml', path: 'sections.accommodation', code: 'inline-image', line: lineOf(box.read('pages/career.yaml'), 'accommodation:') });
    expect(formatProblem(p!)).toMatch(/image "images\/.*" is in a one-paragraph field; this field shows text and links only/);
  });

  test('an image on another server is refused with why, in a body and in an image field (no crash in the renderer)', () => {
    box = sandbox();
    const post = 'blog/adas-driver-safety-programs.md';
    box.edit(post, /^image: .*$/m, 'image: https://cdn.example.com/truck.jpg');
    box.write(post, `${box.read(post)}\n![A truck](http://cdn.example.com/a.png) ![A van](//cdn.example.com/b.png) ![A map](data:image/png;base64,AAAA)\n`);
    const lines = problemsOf(box).map(formatProblem);
    const text = box.read(post);
    const last = text.split('\n').length - 1;
    const row = text.split('\n')[last - 1]!;
    const column = (src: string) => row.lastIndexOf('![', row.indexOf(`](${src})`)) + 1;
    expect(lines).toEqual([
      `content/${post}:${lineOf(text, 'image: https')}:8  image: image "https://cdn.example.com/truck.jpg" is not a file under content/images/; save the image under content/images/ and write its path, e.g. images/blog/photo.jpg (pages show no image from another server: the site's security policy blocks them, and each view would tell that server who reads the page)`,
      ...['http://cdn.example.com/a.png', '//cdn.example.com/b.png', 'data:image/png;base64,AAAA'].map((src) => `content/${post}:${last}:${column(src)}  body: image "${src}" is not a file under content/images/; save the image under content/images/ and write its path, e.g. images/blog/photo.jpg (pages show no image from another server: the site's security policy blocks them, and each view would tell that server who reads the page)`),
    ]);
  });

  test('every link and image markdown-it makes is checked: reference links and images, <…> destinations, a destination on the next line', () => {
    box = sandbox();
    const post = 'blog/adas-driver-safety-programs.md';
    box.write(post, `${box.read(post)}\nSee [the rates][rates], [the plan](</no such plan>), [x](\n/split-line) and ![a chart][chart].\n\n[rates]: /pricing\n[chart]: images/blog/nope.svg\n`);
    const text = box.read(post);
    const at = (needle: string) => { const line = lineOf(text, needle); return `${line}:${text.split('\n')[line - 1]!.indexOf(needle) + 1}`; };
    const found = problemsOf(box).map((p) => `${p.line}:${p.column} ${p.code} ${p.message}`);
    expect(found).toEqual([
      `${at('/no such plan')} broken-link link "/no such plan" goes to a page that does not exist`,
      `${at('/split-line')} broken-link link "/split-line" goes to a page that does not exist`,
      `${at('/pricing')} broken-link link "/pricing" goes to a page that does not exist`,
      `${at('images/blog/nope.svg')} missing-image image "images/blog/nope.svg" does not exist`,
    ]);
  });

  test('an invisible control character (a YAML escape, or pasted into a body) is named where it is: feeds and social cards cannot carry it', () => {
    box = sandbox();
    const post = 'blog/adas-driver-safety-programs.md';
    box.edit(post, /^title: "(.*)"$/m, 'title: "$1\\u0001"');
    box.edit(post, /^subheading: "(.*)"$/m, 'subheading: "$1 \\ud83d"');
    box.write(post, `${box.read(post)}\nA line with a form feed \f in it.\n`);
    const text = box.read(post);
    const found = problemsOf(box).map((p) => `${p.line}:${p.column} ${p.path}: ${p.message}`);
    expect(found).toEqual([
      `${lineOf(text, 'title:')}:8 title: holds an invisible control character (U+0001)`,
      `${lineOf(text, 'subheading:')}:13 subheading: holds an invisible control character (U+D83D)`,
      `${lineOf(text, 'form feed')}:25 body: holds an invisible control character (U+000C)`,
    ]);
  });

  test('a post or legal page with nothing below its front matter is named at its closing line; a draft may be empty', () => {
    box = sandbox();
    const post = 'blog/adas-driver-safety-programs.md';
    const cut = (text: string) => text.slice(0, text.indexOf('\n---\n', 4) + 5);
    box.write(post, `${cut(box.read(post))}\n  \n`);
    box.write('legal/terms-conditions.md', cut(box.read('legal/terms-conditions.md')));
    const found = problemsOf(box).map((p) => `${p.file}:${p.line} ${p.path}: ${p.message}`);
    const closing = (rel: string) => box!.read(rel).split('\n').indexOf('---', 1) + 1;
    expect(found).toEqual([
      `content/${post}:${closing(post)} body: has no text below its front matter`,
      `content/legal/terms-conditions.md:${closing('legal/terms-conditions.md')} body: has no text below its front matter`,
    ]);
    box.edit(post, /^tags: /m, 'draft: true\ntags: ');
    expect(problemsOf(box).map((p) => p.file)).toEqual(['content/legal/terms-conditions.md']);
  });

  test('a top heading in a body (# Title, or a line underlined with ===) is named at its line; one in fenced code is code', () => {
    box = sandbox();
    const post = 'blog/adas-driver-safety-programs.md';
    box.write(post, `${box.read(post)}\n# A second title\n\nA paragraph\n===\n\n\`\`\`\n# a shell comment\n\`\`\`\n\n## 9. A section\n`);
    const text = box.read(post);
    expect(problemsOf(box).map((p) => `${p.line}:${p.column} ${p.code}`)).toEqual([`${lineOf(text, '# A second title')}:1 body-top-heading`, `${lineOf(text, 'A paragraph')}:1 body-top-heading`]);
  });

  test('a link to a page by its French path (/fr/…) names the English path to write, in a body, a Markdown field and a link field', () => {
    box = sandbox();
    box.write('fr/faqs/01-benefits.yaml', `${box.read('fr/faqs/01-benefits.yaml').replace(/\n*$/, '\n\n')}  Voir [nos conditions](/fr/terms-conditions).\n`);
    box.write('fr/blog/adas-driver-safety-programs.md', `${box.read('fr/blog/adas-driver-safety-programs.md')}\n[Écrivez-nous](/fr/contact-us#form) ou [ailleurs](/fr/nowhere).\n`);
    box.edit('navigation.yaml', 'href: /faqs }', 'href: /fr/faqs }');
    const found = problemsOf(box).map((p) => `${p.file} ${p.code} ${p.message}; ${p.hint}`);
    expect(found).toContain('content/navigation.yaml link-with-language link "/fr/faqs" names a page in one language; write /faqs: content names a page by its English path, and each language\'s pages link to their own language by themselves');
    expect(found).toContainEqual(expect.stringMatching(/^content\/fr\/faqs\/01-benefits\.yaml link-with-language link "\/fr\/terms-conditions" .*; write \/terms-conditions:/));
    expect(found).toContainEqual(expect.stringMatching(/^content\/fr\/blog\/adas-driver-safety-programs\.md link-with-language link "\/fr\/contact-us#form" .*; write \/contact-us#form:/));
    expect(found).toContainEqual(expect.stringMatching(/^content\/fr\/blog\/adas-driver-safety-programs\.md broken-link link "\/fr\/nowhere" goes to a page that does not exist/));
  });

  test('a required file that is missing is named', () => {
    box = sandbox();
    box.edit('site.yaml', /[\s\S]*/, '');
    const problems = problemsOf(box);
    expect(problems[0]).toMatchObject({ file: expect.stringMatching(/content\/site\.yaml$/) });
  });
});
