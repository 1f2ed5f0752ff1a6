// Counts in copy, as a sentence writes them: "Seven solutions", "13 industries". Style guides
// spell out small numbers and write digits for larger ones; where the line falls, and the
// words, belong to the language, so a language is one more list here (French when that site comes).

/** Number words from zero, per language (the locale's first subtag); beyond the list, digits. */
const NUMBER_WORDS: Readonly<Record<string, readonly string[]>> = {
  en: ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'],
};

/** `n` as copy in `locale` writes it mid-sentence: "seven" in en-CA, 13 as "13"; a language without a list gets digits. */
export function countWord(n: number, locale: string): string {
  const words = NUMBER_WORDS[locale.split('-')[0]!.toLowerCase()];
  return (Number.isInteger(n) && n >= 0 ? words?.[n] : undefined) ?? new Intl.NumberFormat(locale).format(n);
}
