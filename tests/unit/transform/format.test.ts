// Numbers and dates for both languages: French as Canadian French writes them, and English
// exactly as the site has shown it, so moving the templates onto generator/transform/format.ts changes no
// English page.
import { describe, expect, test } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fillNumbers, formatDate, formatNumber, formatPercent, formatPlus, formatRange, formatRating, formatReadTime, formatsFor } from '../../../generator/transform/format.ts';
import { fill } from '../../../templates/context.tsx';
import { VEHICLE_RANGES } from '../../../common/lead/validation.ts';
import { contentDir } from '../../helpers.ts';

const NBSP = '\u00a0';

describe('French (Canada)', () => {
  test('a long date is day, month in lower case, year: 24 mars 2024', () => {
    expect(formatDate('2024-03-24', 'fr-CA', 'long')).toBe('24 mars 2024');
    expect(formatDate('2024-11-05', 'fr-CA')).toBe('5 novembre 2024');
  });

  test('the first of a month is written 1er, as ICU does not', () => {
    expect(formatDate('2024-07-01', 'fr-CA')).toBe('1er juillet 2024');
    expect(formatDate('2024-01-01', 'fr-CA', 'medium')).toBe('1er janv. 2024');
    expect(formatDate('2024-07-11', 'fr-CA')).toBe('11 juillet 2024');
    expect(formatDate('2024-07-01', 'fr-CA', 'short')).toBe('2024-07-01');
  });

  test('numbers group thousands with a no-break space and use a decimal comma: 4 000, 4,5', () => {
    expect(formatNumber(4000, 'fr-CA')).toBe(`4${NBSP}000`);
    expect(formatNumber(4.5, 'fr-CA')).toBe('4,5');
    expect(formatNumber(1234567.25, 'fr-CA')).toBe(`1${NBSP}234${NBSP}567,25`);
    expect(formatNumber(999, 'fr-CA')).toBe('999');
  });

  test('a percentage has a no-break space before the sign: 98 %', () => {
    expect(formatPercent(98, 'fr-CA')).toBe(`98${NBSP}%`);
    expect(formatPercent(12.5, 'fr-CA')).toBe(`12,5${NBSP}%`);
  });

  test('ranges and open ends: 400 - 3 900, 4 000+', () => {
    expect(formatRange(400, 3900, 'fr-CA')).toBe(`400 - 3${NBSP}900`);
    expect(formatPlus(4000, 'fr-CA')).toBe(`4${NBSP}000+`);
  });

  test('reading time, rating and other counts in copy use French numbers', () => {
    expect(formatReadTime(5, 'fr-CA', '{n} min de lecture')).toBe('5 min de lecture');
    expect(formatRating(4.5, 'fr-CA')).toBe('4,5');
    expect(fillNumbers('Note de {n} sur 5', { n: 4.5 }, 'fr-CA')).toBe('Note de 4,5 sur 5');
    expect(fillNumbers('{count} résultats sur {total} pour {query}', { count: 1200, total: 4000 }, 'fr-CA')).toBe(`1${NBSP}200 résultats sur 4${NBSP}000 pour {query}`);
  });
});

describe('English (Canada)', () => {
  test('each function in English', () => {
    expect(formatDate('2024-03-24', 'en-CA')).toBe('March 24, 2024');
    expect(formatDate('2024-03-24', 'en-CA', 'medium')).toBe('Mar 24, 2024');
    expect(formatDate('2024-03-24', 'en-CA', 'short')).toBe('2024-03-24');
    expect(formatDate('2024-07-01', 'en-CA')).toBe('July 1, 2024');
    expect(formatNumber(4000, 'en-CA')).toBe('4,000');
    expect(formatNumber(4.5, 'en-CA')).toBe('4.5');
    expect(formatPercent(98, 'en-CA')).toBe('98%');
    expect(formatRange(400, 3900, 'en-CA')).toBe('400 - 3,900');
    expect(formatPlus(4000, 'en-CA')).toBe('4,000+');
    expect(formatReadTime(3, 'en-CA', '{n} min read')).toBe('3 min read');
    expect(formatRating(4.5, 'en-CA')).toBe('4.5');
  });

  test('a date that is not a YYYY-MM-DD calendar day is refused with its text', () => {
    expect(() => formatDate('2024-13-01', 'en-CA')).toThrow('formatDate: "2024-13-01" is not a date (YYYY-MM-DD)');
    expect(() => formatDate('2024-02-30', 'fr-CA')).toThrow('"2024-02-30" is not a date');
    expect(() => formatDate('24/03/2024', 'en-CA')).toThrow('is not a date');
  });

  test('a date is the day written in the file, in any time zone of the machine', () => {
    // Noon UTC formatted in UTC: the day cannot slip to the 23rd west of Greenwich.
    expect(formatDate('2024-03-24', 'en-CA')).toBe(new Intl.DateTimeFormat('en-CA', { dateStyle: 'long', timeZone: 'Pacific/Honolulu' }).format(new Date('2024-03-24T12:00:00Z')));
  });
});

// What the English build showed before this module existed (`npx site build`, grepped from the
// HTML): the blog cards' and articles' dates, the legal pages' "Last Updated at", reading times,
// the rating badge and its stars' label, the counters, the get-started form's vehicle ranges.
const SHIPPED = {
  dates: {
    '2024-02-08': 'February 8, 2024', '2024-03-24': 'March 24, 2024', '2024-04-17': 'April 17, 2024', '2024-05-15': 'May 15, 2024',
    '2024-06-12': 'June 12, 2024', '2024-07-09': 'July 9, 2024', '2024-07-25': 'July 25, 2024', '2024-08-22': 'August 22, 2024',
    '2024-09-18': 'September 18, 2024', '2024-10-02': 'October 2, 2024', '2024-11-05': 'November 5, 2024',
    '2026-12-02': 'December 2, 2026', // the privacy policy's update for the access logs
  },
  readTimes: { 3: '3 min read', 5: '5 min read' },
  ratingLabel: 'Rated 5 out of 5',
  rating: '4.5',
  percents: { 10: '10%', 12: '12%', 15: '15%', 20: '20%', 30: '30%', 90: '90%', 95: '95%', 98: '98%', 99: '99%', 100: '100%' },
  numbers: { 20: '20', 25: '25', 30: '30', 95: '95', 98: '98', 99: '99', 100: '100' },
  vehicles: ['1 - 4', '5 - 29', '30 - 399', '400 - 3,900', '4,000+'],
};

/** Front matter `field: YYYY-MM-DD` of every Markdown file in content/<folder>. */
const datesIn = (folder: string, field: string) =>
  readdirSync(join(contentDir, folder)).filter((f) => f.endsWith('.md')).map((f) => new RegExp(`^${field}: (\\S+)$`, 'm').exec(readFileSync(join(contentDir, folder, f), 'utf8'))![1]!);
const yamlOf = (rel: string) => parse(readFileSync(join(contentDir, rel), 'utf8'));
const counters = () =>
  readdirSync(join(contentDir, 'solutions')).flatMap((f) => (yamlOf(`solutions/${f}`).counters?.items ?? []) as { value: number; unit: 'percent' | 'number' }[]);

describe('English output is byte-identical to the site before the module', () => {
  test('the strings the English build showed', () => {
    for (const [iso, text] of Object.entries(SHIPPED.dates)) expect(formatDate(iso, 'en-CA')).toBe(text);
    for (const [n, text] of Object.entries(SHIPPED.readTimes)) expect(formatReadTime(Number(n), 'en-CA', '{n} min read')).toBe(text);
    expect(fillNumbers('Rated {n} out of 5', { n: 5 }, 'en-CA')).toBe(SHIPPED.ratingLabel);
    expect(formatRating(4.5, 'en-CA')).toBe(SHIPPED.rating);
    for (const [n, text] of Object.entries(SHIPPED.percents)) expect(formatPercent(Number(n), 'en-CA')).toBe(text);
    for (const [n, text] of Object.entries(SHIPPED.numbers)) expect(formatNumber(Number(n), 'en-CA')).toBe(text);
    expect([formatRange(1, 4, 'en-CA'), formatRange(5, 29, 'en-CA'), formatRange(30, 399, 'en-CA'), formatRange(400, 3900, 'en-CA'), formatPlus(4000, 'en-CA')]).toEqual(SHIPPED.vehicles);
  });

  test('every date in the English content reads as the English build showed it', () => {
    const all = [...datesIn('blog', 'date'), ...datesIn('legal', 'lastUpdated')];
    expect(all.length).toBeGreaterThan(10);
    for (const iso of all) expect([iso, formatDate(iso, 'en-CA')]).toEqual([iso, SHIPPED.dates[iso as keyof typeof SHIPPED.dates]]);
  });

  test('every counter, the rating and the reading times in the English content render as today', () => {
    const items = counters();
    expect(items.length).toBeGreaterThan(10);
    // Counters.tsx writes the figure, then "%" for a percentage.
    for (const c of items) expect(c.unit === 'percent' ? formatPercent(c.value, 'en-CA') : formatNumber(c.value, 'en-CA')).toBe(`${c.value}${c.unit === 'percent' ? '%' : ''}`);
    const rating: number = yamlOf('pages/contact-us.yaml').sections.rating.value;
    expect(formatRating(rating, 'en-CA')).toBe(String(rating)); // Company.tsx: {s.rating.value}
    const ui = yamlOf('ui.yaml');
    for (const n of [3, 5, 4.5]) expect(formatReadTime(n, 'en-CA', ui.readTime)).toBe(fill(ui.readTime, { n }));
    expect(fillNumbers(ui.ratingLabel, { n: 5 }, 'en-CA')).toBe(fill(ui.ratingLabel, { n: 5 }));
  });

  test("the get-started form's vehicle ranges are the English ranges this module writes", () => {
    expect([...VEHICLE_RANGES]).toEqual(SHIPPED.vehicles);
  });
});

describe('one locale\'s formats, as a page\'s templates get them (RenderEnv.format)', () => {
  test('each format in the locale it was made for, the same object each time', () => {
    const fr = formatsFor('fr-CA');
    expect(formatsFor('fr-CA')).toBe(fr);
    expect([fr.locale, fr.date('2024-03-24'), fr.date('2024-07-01', 'medium'), fr.number(4000), fr.rating(4.5), fr.percent(98), fr.range(400, 3900), fr.plus(4000)])
      .toEqual(['fr-CA', '24 mars 2024', '1er juill. 2024', `4${NBSP}000`, '4,5', `98${NBSP}%`, `400 - 3${NBSP}900`, `4${NBSP}000+`]);
    expect([fr.readTime(5, '{n} min de lecture'), fr.numbers('Note de {n} sur 5', { n: 4.5 })]).toEqual(['5 min de lecture', 'Note de 4,5 sur 5']);
    const en = formatsFor('en-CA');
    expect([en.date('2024-03-24'), en.number(4000), en.rating(4.5), en.percent(98), en.range(400, 3900), en.plus(4000), en.readTime(5, '{n} min read')])
      .toEqual(['March 24, 2024', '4,000', '4.5', '98%', '400 - 3,900', '4,000+', '5 min read']);
  });

  test('the address, as a block and as running text', () => {
    const address = { street: 'Suite 1400, 250 Harbourview Street', city: 'Toronto', region: 'ON', postalCode: 'M5J 2N8', country: 'Canada', fr: { street: '250, rue Harbourview, bureau 1400', region: 'Ontario' } };
    expect(formatsFor('en-CA').addressLines(address)).toEqual(['Suite 1400, 250 Harbourview Street', 'Toronto, ON M5J 2N8', 'Canada']);
    expect(formatsFor('fr-CA').address(address, { country: false })).toBe('250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8');
  });
});
