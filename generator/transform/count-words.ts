// Counts in copy, as a sentence writes them: "Seven solutions", "13 industries"; « Sept
// solutions », « 13 secteurs ». Style guides in both languages spell out small numbers and write
// digits for larger ones; where the line falls, and the words, belong to the language, so a
// language is one more list here.
//
// The rule, the same for en-CA and fr-CA: 0 to 10 as words, above (and any fraction) as digits
// in the locale's format ("1,000", « 1 000 »). French "one" agrees with its noun: « un secteur »
// but « une solution ». A count is masculine unless its placeholder declares its noun feminine
// (`gender: 'feminine'`); only "one" changes, since « deux » to « dix » do not agree. At a
// sentence's start the word is capitalised ("Seven", « Sept »): facts.ts does that for a
// placeholder written with a capital ({SolutionCount}), as `capitalised` does here.
import { formatNumber, primaryLanguage } from './format.ts';

/** The grammatical gender of the noun a count goes with; only French "one" depends on it. */
export type Gender = 'masculine' | 'feminine';

/** How a count is written: the gender of its noun (default masculine) and whether it starts a sentence. */
export interface CountOptions {
  gender?: Gender;
  capitalised?: boolean;
}

/** Number words from zero, per language (the locale's first subtag); beyond the list, digits. */
const NUMBER_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
  fr: ['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix'],
};

/** The words that differ before a feminine noun, per language and number. */
const FEMININE_WORDS: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  fr: { 1: 'une' },
};

/** `n` as copy in `locale` writes it mid-sentence: "seven" in en-CA, « sept » in fr-CA, 13 as "13"; a language without a list gets digits. */
export function countWord(n: number, locale: string, options: CountOptions = {}): string {
  const language = primaryLanguage(locale);
  const countable = Number.isInteger(n) && n >= 0;
  const feminine = countable && options.gender === 'feminine' ? FEMININE_WORDS[language]?.[n] : undefined;
  const text = feminine ?? (countable ? NUMBER_WORDS[language]?.[n] : undefined) ?? formatNumber(n, locale);
  return options.capitalised ? capitalised(text, locale) : text;
}

/** `text` with its first letter in upper case, by `locale`'s rules: "seven" → "Seven", « zéro » → « Zéro ». */
export function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}
