// Site facts in French copy: {address} and its parts as Canada Post and the Office
// québécois de la langue française write an address, from site.yaml's `address.fr`; a count
// agrees with its noun (« une solution »); the French address typed out is warned about like the
// English one. And the address formats themselves (generator/transform/address.ts), in both languages.
import { afterEach, describe, expect, test } from 'vitest';
import { loadAll, type SourceRecord } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { expandText, factsOf, literalFactWarnings } from '../../../generator/transform/facts.ts';
import { addressLines, addressText, type PostalAddress } from '../../../generator/transform/address.ts';
import { formatProblem } from '../../../generator/problems/problems.ts';
import { contentDir, lineOf, sandbox, type Sandbox } from '../../helpers.ts';

const NBSP = '\u00a0';
let box: Sandbox | undefined;
afterEach(() => box?.remove());

const HQ: PostalAddress = {
  street: 'Suite 1400, 250 Harbourview Street', city: 'Toronto', region: 'ON', postalCode: 'M5J 2N8', country: 'Canada',
  fr: { street: '250, rue Harbourview, bureau 1400', region: 'Ontario' },
};

describe('the address in each language', () => {
  test('English as the site has always written it', () => {
    expect(addressLines(HQ, 'en-CA')).toEqual(['Suite 1400, 250 Harbourview Street', 'Toronto, ON M5J 2N8', 'Canada']);
    expect(addressText(HQ, 'en-CA')).toBe('Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8, Canada');
    expect(addressText(HQ, 'en-CA', { country: false })).toBe('Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8');
  });

  test('French: civic number, comma, street, suite; the province in parentheses; two spaces before the postal code in a block', () => {
    expect(addressLines(HQ, 'fr-CA')).toEqual(['250, rue Harbourview, bureau 1400', `Toronto (Ontario)${NBSP}${NBSP}M5J 2N8`, 'Canada']);
    expect(addressText(HQ, 'fr-CA')).toBe('250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8, Canada');
    expect(addressText(HQ, 'fr-CA', { country: false })).toBe('250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8');
  });

  test('a French part site.yaml does not give is the English one, in the French layout', () => {
    const plain: PostalAddress = { ...HQ, fr: undefined };
    expect(addressLines(plain, 'fr-CA')).toEqual(['Suite 1400, 250 Harbourview Street', `Toronto (ON)${NBSP}${NBSP}M5J 2N8`, 'Canada']);
    expect(addressText({ ...HQ, fr: { country: 'Kanada' } }, 'de-DE')).toBe('Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8, Canada');
  });
});

describe('facts in French copy', () => {
  const english = () => loadAll(contentDir).filter((r) => r.locale === 'en');
  const withSolutions = (records: SourceRecord[], n: number) => {
    const solutions = records.filter((r) => r.collection === 'solutions').slice(0, n);
    return [...records.filter((r) => r.collection !== 'solutions'), ...solutions];
  };

  test('{address} and its parts read the French way on French pages, and the English way on English ones', () => {
    const fr = factsOf(english(), 'fr-CA');
    expect(expandText('{legalName}, {address}.', fr)).toBe('Trillium Fleet Technologies Inc., 250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8, Canada.');
    expect(expandText('{street} / {city} / {region} / {postalCode} / {country}', fr)).toBe('250, rue Harbourview, bureau 1400 / Toronto / Ontario / M5J 2N8 / Canada');
    const en = factsOf(english());
    expect(expandText('{address}', en)).toBe('Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8, Canada');
    expect(expandText('{street} / {region}', en)).toBe('Suite 1400, 250 Harbourview Street / ON');
  });

  test('the French privacy policy gives the French address; the English one the English address', () => {
    const valid = validate(loadAll(contentDir), { contentDir, includeDrafts: false });
    expect(valid.translations.fr!.site.legal['privacy-policies']!.body).toContain('»), 250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8, Canada.');
    expect(valid.site!.legal['privacy-policies']!.body).toContain('Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8, Canada.');
  });

  test('with one solution, {SolutionCount} solutions is « Une » in French (solution is feminine; it said « Un ») and "One" in English', () => {
    const one = withSolutions(english(), 1);
    expect(expandText('{SolutionCount} solution, {solutionCount} façon', factsOf(one, 'fr-CA'))).toBe('Une solution, une façon');
    expect(expandText('{SolutionCount} solution', factsOf(one))).toBe('One solution');
    // « secteur » is masculine: one industry is « un secteur ».
    const oneIndustry = [...one.filter((r) => r.collection !== 'industries'), one.find((r) => r.collection === 'industries')!];
    expect(expandText('{industryCount} secteur', factsOf(oneIndustry, 'fr-CA'))).toBe('un secteur');
  });
});

describe('the French address typed out', () => {
  test('in French copy is a fact-literal warning naming {address}, as the English one is', () => {
    box = sandbox();
    box.edit('fr/pages/contact-us.yaml', /^intro: .*$/m, 'intro: "Venez nous voir au 250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8, Canada."');
    const records = loadAll(box.content);
    const warnings = literalFactWarnings(records, factsOf(records));
    const text = box.read('fr/pages/contact-us.yaml');
    expect(warnings.map((w) => [w.file.replace(/^.*?\bcontent\//, 'content/'), w.line, w.code, w.message, w.hint])).toEqual([
      ['content/fr/pages/contact-us.yaml', lineOf(text, 'Venez nous voir'), 'fact-literal', '"250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8, Canada" is the address from content/site.yaml, typed out', 'write {address} instead: a copy keeps the old text when site.yaml changes'],
    ]);
    expect(warnings.map(formatProblem)).toHaveLength(1);
  });
});
