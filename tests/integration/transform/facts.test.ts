// Site facts in one place: placeholders ({phone}, {legalName}, {SolutionCount}…) in YAML and
// Markdown expand to site.yaml's values and the data's counts; an unknown one is a located
// problem with the nearest name; a fact typed out is a located warning; the footer's Solutions
// column is the Solutions menu.
import { afterEach, describe, expect, test } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { expandText, factsOf, literalFactWarnings } from '../../../generator/transform/facts.ts';
import { countWord } from '../../../generator/transform/count-words.ts';
import { formatProblem, type Problem } from '../../../generator/problems/problems.ts';
import { lineOf, root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox | undefined;
afterEach(() => box?.remove());

const shown = (p: Problem) => ({ ...p, file: p.file.replace(/^.*?\bcontent\//, 'content/') });
const run = (b: Sandbox) => validate(loadAll(b.content), { contentDir: b.content, includeDrafts: false });
const warningsOf = (b: Sandbox) => {
  const records = loadAll(b.content);
  return literalFactWarnings(records, factsOf(records)).map(shown);
};

describe('placeholders expand to site.yaml facts', () => {
  test('in YAML strings, Markdown front matter and bodies, but not inside code', () => {
    box = sandbox();
    box.edit('pages/contact-us.yaml', /^heading: .*$/m, 'heading: "Call {phone} or write to {email}"');
    box.edit('legal/terms-conditions.md', /^description: .*$/m, 'description: "The terms of {legalName}: fees, renewals, user roles, data, warranty, liability and how to reach us."');
    box.edit('legal/terms-conditions.md', /\n## 1\. /, '\nWrite to {Brand} at {address}, or call [{phone}](tel:{phoneTel}); `{phone}` is how to write it.\n\n```\n{email}\n```\n\n## 1. ');
    const { site, problems } = run(box);
    expect(problems.map(formatProblem)).toEqual([]);
    expect(site!.pages['contact-us'].heading).toBe('Call (416) 555-0142 or write to info@trilliumfleet.example');
    const terms = site!.legal['terms-conditions']!;
    expect(terms.description).toBe('The terms of Trillium Fleet Technologies Inc.: fees, renewals, user roles, data, warranty, liability and how to reach us.');
    expect(terms.body).toContain('Write to Trillium Fleet at Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8, Canada, or call [(416) 555-0142](tel:+14165550142); `{phone}` is how to write it.');
    expect(terms.body).toContain('```\n{email}\n```');
  });

  test('a runtime parameter its field declares is left for the template', () => {
    box = sandbox();
    const { site, problems } = run(box);
    expect(problems).toEqual([]);
    expect(site!.ui.readTime).toBe('{n} min read');
    expect(site!.navigation.footer.copyright).toBe('© {year} Trillium Fleet Technologies Inc. All rights reserved.');
  });

  test('a legal name ending in a period before a period gives one period (the footer said "Inc.. All rights reserved")', () => {
    box = sandbox();
    const facts = factsOf(loadAll(box.content));
    expect(expandText('© 2024 {legalName}. All rights reserved.', facts)).toBe('© 2024 Trillium Fleet Technologies Inc. All rights reserved.');
    expect(expandText('{legalName}, Toronto', facts)).toBe('Trillium Fleet Technologies Inc., Toronto');
  });

  test('schema limits apply to the expanded text: a description within 170 characters as written can be too long once expanded', () => {
    box = sandbox();
    const written = `{legalName} ${'x'.repeat(150)}`;
    expect(written.length).toBeLessThanOrEqual(170);
    box.edit('legal/privacy-policies.md', /^description: .*$/m, `description: "${written}"`);
    const problems = run(box).problems.map(shown);
    expect(problems).toMatchObject([{ file: 'content/legal/privacy-policies.md', line: 3, path: 'description', code: 'too-long', message: 'is 183 characters long' }]);
  });
});

describe('an unknown placeholder', () => {
  test('is a problem at its own line and column, with the nearest known name', () => {
    box = sandbox();
    box.edit('pages/contact-us.yaml', /^heading: .*$/m, 'heading: "Call us on {phnoe} today"');
    box.edit('legal/privacy-policies.md', /\n## 1\. /, '\nWrite to {privacyInbx} any time.\n\n## 1. ');
    const problems = run(box).problems.map(shown);
    const contact = box.read('pages/contact-us.yaml');
    const privacy = box.read('legal/privacy-policies.md');
    expect(problems.map((p) => [p.file, p.line, p.column, p.path, p.code, p.message, p.hint])).toEqual([
      ['content/legal/privacy-policies.md', lineOf(privacy, '{privacyInbx}'), 10, 'body', 'unknown-placeholder', '{privacyInbx} is not a placeholder', 'did you mean {privacyInbox}?'],
      ['content/pages/contact-us.yaml', lineOf(contact, '{phnoe}'), 'heading: "Call us on '.length + 1, 'heading', 'unknown-placeholder', '{phnoe} is not a placeholder', 'did you mean {phone}?'],
    ]);
  });

  test('a parameter a field does not declare is unknown there, and the field\'s own names are suggested', () => {
    box = sandbox();
    box.edit('ui.yaml', 'readTime: "{n} min read"', 'readTime: "{m} min read"');
    box.edit('legal/terms-conditions.md', /\n## 1\. /, '\nUpdated on {date}.\n\n## 1. ');
    const problems = run(box).problems.map(shown);
    expect(problems.map((p) => `${formatProblem(p)}`)).toEqual([
      `content/legal/terms-conditions.md:${lineOf(box.read('legal/terms-conditions.md'), 'Updated on {date}')}:12  body: {date} is not a placeholder; placeholders name site facts: {brand}, {legalName}, {url}, {phone}, {phoneTel}, {email}, {salesInbox}, {hiringInbox}, {privacyInbox}, {address}, {street}, {city}, {region}, {postalCode}, {country}, {facebookUrl}, {twitterUrl}, {instagramUrl}, {linkedinUrl}, {solutionCount}, {industryCount}, {faqCount}`,
      `content/ui.yaml:${lineOf(box.read('ui.yaml'), 'readTime')}:12  readTime: {m} is not a placeholder; did you mean {n}?`,
    ]);
  });
});

describe('counts come from the data', () => {
  test('count words follow the locale: words up to ten in English, digits beyond and in a language without a list', () => {
    expect(countWord(7, 'en-CA')).toBe('seven');
    expect(countWord(10, 'en')).toBe('ten');
    expect(countWord(13, 'en-CA')).toBe('13');
    expect(countWord(1200, 'en-CA')).toBe('1,200');
    expect(countWord(7, 'de-DE')).toBe('7');
  });

  test('adding an eighth solution makes the solutions page and the Resources promo say "Eight"', () => {
    box = sandbox();
    const before = run(box).site!;
    expect(before.pages.solutions.sections.list.intro).toMatch(/^Seven solutions /);
    expect(before.navigation.menus.find((m) => m.id === 'resources')!.promo.title).toBe('Seven ways to run a smarter fleet');
    box.write('solutions/cold-chain.yaml', box.read('solutions/eld.yaml').replace(/^slug: .*$/m, 'slug: cold-chain').replace(/^path: .*$/m, 'path: /solutions/cold-chain').replace(/^order: .*$/m, 'order: 8'));
    const after = run(box);
    expect(after.problems.map(formatProblem)).toEqual([]);
    expect(after.site!.pages.solutions.sections.list.intro).toMatch(/^Eight solutions /);
    expect(after.site!.navigation.menus.find((m) => m.id === 'resources')!.promo.title).toBe('Eight ways to run a smarter fleet');
    const facts = factsOf(loadAll(box.content));
    expect(expandText('{solutionCount} of them, {SolutionCount} in all', facts)).toBe('eight of them, Eight in all');
  });
});

describe('a site.yaml fact typed out in content', () => {
  test('the shipped content types out no fact', () => {
    box = sandbox();
    expect(warningsOf(box).map(formatProblem)).toEqual([]);
  });

  test('a phone number pasted in another format is a warning at its line and column, as is the legal name', () => {
    box = sandbox();
    box.edit('pages/contact-us.yaml', /^intro: .*$/m, 'intro: "Questions? Call 416.555.0142 any weekday."');
    box.edit('blog/eld-compliance-checklist-for-carriers.md', /\n## /, '\nCall us on +1 416 555 0142, or [tap here](tel:1-416-555-0142). Trillium Fleet Technologies Inc. answers.\n\n## ');
    const contact = box.read('pages/contact-us.yaml');
    const post = box.read('blog/eld-compliance-checklist-for-carriers.md');
    const line = lineOf(post, 'Call us on +1 416');
    const column = (text: string) => post.split('\n')[line - 1]!.indexOf(text) + 1;
    expect(warningsOf(box).map((w) => [w.file, w.line, w.column, w.path, w.severity, w.code, w.message, w.hint])).toEqual([
      ['content/blog/eld-compliance-checklist-for-carriers.md', line, column('+1 416'), 'body', 'warning', 'fact-literal', '"+1 416 555 0142" is the phone number from content/site.yaml, typed out', 'write {phone} instead: a copy keeps the old text when site.yaml changes'],
      ['content/blog/eld-compliance-checklist-for-carriers.md', line, column('1-416'), 'body', 'warning', 'fact-literal', '"1-416-555-0142" is the phone number from content/site.yaml, typed out', 'write {phoneTel} instead: a copy keeps the old text when site.yaml changes'],
      ['content/blog/eld-compliance-checklist-for-carriers.md', line, column('Trillium Fleet Tech'), 'body', 'warning', 'fact-literal', '"Trillium Fleet Technologies Inc." is the legal name from content/site.yaml, typed out', 'write {legalName} instead: a copy keeps the old text when site.yaml changes'],
      ['content/pages/contact-us.yaml', lineOf(contact, '416.555.0142'), 'intro: "Questions? Call '.length + 1, 'intro', 'warning', 'fact-literal', '"416.555.0142" is the phone number from content/site.yaml, typed out', 'write {phone} instead: a copy keeps the old text when site.yaml changes'],
    ]);
  });

  test("the site's address in a link to one of its pages says to write the path, not {url} (which kept a French page's link English)", () => {
    box = sandbox();
    box.edit('blog/eld-compliance-checklist-for-carriers.md', /\n## /, '\nSee [our ELD](https://www.trilliumfleet.example/solutions/eld) or www.trilliumfleet.example.\n\n## ');
    expect(warningsOf(box).map((w) => [w.message, w.hint])).toEqual([
      ['"www.trilliumfleet.example" is the site\'s address from content/site.yaml, typed out', "link to the page by its path, /solutions/eld, without the address: it stays right when site.yaml changes and leads to the page in the reader's language"],
      ['"www.trilliumfleet.example" is the site\'s address from content/site.yaml, typed out', 'write {url} instead: a copy keeps the old text when site.yaml changes'],
    ]);
  });

  test('a fact typed out in another case is found as well, with no digit near it (the text is searched case-insensitively before it is lower-cased)', () => {
    box = sandbox();
    box.edit('pages/contact-us.yaml', /^intro: .*$/m, 'intro: "Written by TRILLIUM FLEET TECHNOLOGIES INC. for you."');
    box.edit('blog/eld-compliance-checklist-for-carriers.md', /\n## /, '\nA word from trillium fleet technologies inc. and no number.\n\n## ');
    const contact = box.read('pages/contact-us.yaml');
    const post = box.read('blog/eld-compliance-checklist-for-carriers.md');
    expect(warningsOf(box).map((w) => [w.file, w.line, w.column, w.message])).toEqual([
      ['content/blog/eld-compliance-checklist-for-carriers.md', lineOf(post, 'A word from trillium'), 'A word from '.length + 1, '"trillium fleet technologies inc." is the legal name from content/site.yaml, typed out'],
      ['content/pages/contact-us.yaml', lineOf(contact, 'TRILLIUM FLEET'), 'intro: "Written by '.length + 1, '"TRILLIUM FLEET TECHNOLOGIES INC." is the legal name from content/site.yaml, typed out'],
    ]);
  });

  test('a fact is found in any field, however deep, and never across two fields', () => {
    box = sandbox();
    box.write('pages/nesting-check.yaml', [
      'title: Nested',
      'sections:',
      '  - heading: "Call 416-555"',
      '    text: "-0142 is the rest of a number split across two fields"',
      '  - items:',
      '      - label: first',
      '      - label: "Or call (416) 555-0142 today"',
      '      - label: "Or 416\\x01555-0142, with a control character inside"',
      '',
    ].join('\n'));
    const file = box.read('pages/nesting-check.yaml');
    expect(warningsOf(box).map((w) => [w.file, w.line, w.column, w.path, w.message])).toEqual([
      ['content/pages/nesting-check.yaml', lineOf(file, '(416) 555-0142'), '      - label: "Or call '.length + 1, 'sections[1].items[1].label', '"(416) 555-0142" is the phone number from content/site.yaml, typed out'],
    ]);
  });

  test('another number is not the phone, and the brand alone is not warned about', () => {
    box = sandbox();
    box.edit('pages/contact-us.yaml', /^intro: .*$/m, 'intro: "Trillium Fleet answers on (416) 555-0199, ticket 4165550142-7."');
    expect(warningsOf(box).map((w) => w.message)).toEqual([]);
  });
});

describe('the footer\'s Solutions column', () => {
  test('a column naming a menu that does not exist is a located problem with the nearest id', () => {
    box = sandbox();
    box.edit('navigation.yaml', 'menu: solutions', 'menu: solution');
    const problems = run(box).problems.map(shown);
    expect(problems.map(formatProblem)).toEqual([
      `content/navigation.yaml:${lineOf(box.read('navigation.yaml'), 'menu: solution')}:13  footer.columns[0].menu: "solution" is not a menu; did you mean "solutions"?`,
    ]);
  });

  test('a built site lists the Solutions menu in the footer, and a new phone in site.yaml reaches the legal pages', () => {
    box = sandbox();
    box.edit('site.yaml', 'display: (416) 555-0142', 'display: (647) 555-0199');
    box.edit('site.yaml', 'tel: "+14165550142"', 'tel: "+16475550199"');
    const out = join(box.dir, 'dist');
    const built = spawnSync(join(root, 'node_modules/.bin/node'), [join(root, 'bin/site.js'), '--content', box.content, 'build', '--out', out], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(built.status, built.stderr + built.stdout).toBe(0);
    const page = (path: string) => readFileSync(join(out, path, 'index.html'), 'utf8');
    for (const path of ['terms-conditions', 'privacy-policies', 'contact-us']) {
      expect(page(path), path).toContain('(647) 555-0199');
      expect(page(path), path).not.toContain('555-0142');
    }
    const menu = run(box).site!.navigation.menus.find((m) => m.id === 'solutions')!.links.map((l) => `<li><a href="${l.href}">${l.label.replace('&', '&amp;')}</a></li>`).join('');
    expect(page('faqs')).toContain(`<nav class="site-footer__column" aria-label="Solutions"><h2 class="site-footer__heading">Solutions</h2><ul role="list">${menu}</ul></nav>`);
  });
});
