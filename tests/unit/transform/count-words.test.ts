// Counts in copy in both languages: 0 to 10 as words, digits above; French "one" agrees with a
// feminine noun only when asked; a count that starts a sentence is capitalised.
import { describe, expect, test } from 'vitest';
import { capitalised, countWord } from '../../../generator/transform/count-words.ts';
import { expandText, type Facts } from '../../../generator/transform/facts.ts';

const NBSP = '\u00a0';

describe('French count words', () => {
  test('zero to ten are words: « sept solutions »', () => {
    expect(Array.from({ length: 11 }, (_, n) => countWord(n, 'fr-CA'))).toEqual(['zéro', 'un', 'deux', 'trois', 'quatre', 'cinq', 'six', 'sept', 'huit', 'neuf', 'dix']);
    expect(countWord(7, 'fr')).toBe('sept');
  });

  test('above ten, and any fraction, are digits in the French format', () => {
    expect(countWord(11, 'fr-CA')).toBe('11');
    expect(countWord(1200, 'fr-CA')).toBe(`1${NBSP}200`);
    expect(countWord(2.5, 'fr-CA')).toBe('2,5');
    expect(countWord(-1, 'fr-CA')).toBe('-1');
  });

  test('one is masculine « un » unless the noun is declared feminine: « une solution »', () => {
    expect(countWord(1, 'fr-CA')).toBe('un');
    expect(countWord(1, 'fr-CA', { gender: 'masculine' })).toBe('un');
    expect(countWord(1, 'fr-CA', { gender: 'feminine' })).toBe('une');
    // Only "one" agrees; English has no gender.
    expect(countWord(7, 'fr-CA', { gender: 'feminine' })).toBe('sept');
    expect(countWord(21, 'fr-CA', { gender: 'feminine' })).toBe('21');
    expect(countWord(1, 'en-CA', { gender: 'feminine' })).toBe('one');
  });

  test('the capitalised variant starts a sentence: « Sept », « Une », « Zéro »', () => {
    expect(countWord(7, 'fr-CA', { capitalised: true })).toBe('Sept');
    expect(countWord(1, 'fr-CA', { gender: 'feminine', capitalised: true })).toBe('Une');
    expect(countWord(0, 'fr-CA', { capitalised: true })).toBe('Zéro');
    expect(countWord(13, 'fr-CA', { capitalised: true })).toBe('13');
    expect(capitalised('écrans', 'fr-CA')).toBe('Écrans');
  });

  test('{SolutionCount} at the start of a French sentence is « Sept »', () => {
    const facts: Facts = { locale: 'fr-CA', values: new Map([['solutionCount', countWord(7, 'fr-CA')]]), names: ['solutionCount'], literals: [] };
    expect(expandText('{SolutionCount} façons de gérer votre parc, parmi {solutionCount} solutions', facts)).toBe('Sept façons de gérer votre parc, parmi sept solutions');
  });
});

describe('English count words are unchanged', () => {
  test('words to ten, digits beyond, capitalised at a sentence start', () => {
    expect(countWord(7, 'en-CA')).toBe('seven');
    expect(countWord(0, 'en-CA')).toBe('zero');
    expect(countWord(13, 'en-CA')).toBe('13');
    expect(countWord(1200, 'en-CA')).toBe('1,200');
    expect(countWord(7, 'en-CA', { capitalised: true })).toBe('Seven');
  });

  test('a language without a list gets digits in its own format', () => {
    expect(countWord(7, 'de-DE')).toBe('7');
    expect(countWord(1200, 'de-DE')).toBe('1.200');
  });
});
