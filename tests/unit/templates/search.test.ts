// The blog search box's matcher (templates/islands/lib/search.ts) in both languages:
// a visitor types without accents, ligatures or capitals, and finds the French posts anyway.
import { describe, expect, test } from 'vitest';
import { fold, search, words } from '../../../templates/islands/lib/search.ts';

const entry = (id: number, title: string, subheading = '', tags: string[] = [], category = 'Secteurs') => ({ id, url: `/fr/blog-details/${id}`, title, subheading, tags, category });

const index = [
  entry(1, 'Préparer son parc pour l\u2019hiver canadien', 'Pneus, chauffe-moteurs et batteries', ['exploitation hivernale', 'sécurité']),
  entry(2, 'Le véhicule électrique en ville', 'Ce qui fait le cœur d\u2019un parc urbain', ['VÉHICULES', 'électrique']),
  entry(3, 'ÉLECTRIFIER SANS SURPRISE', 'Données télématiques', ['Œuvre'], 'Technologie'),
  entry(4, 'Winter tires', 'Block heaters and batteries', ['winter'], 'Industry'),
];
const ids = (query: string) => search(index, query).map((e) => e.id);

describe('blog search matches without accents in both languages', () => {
  test('vehicule finds véhicule, and véhicule finds it too', () => {
    expect(ids('vehicule')).toEqual([2]);
    expect(ids('véhicule')).toEqual([2]);
    expect(ids('VEHICULES')).toEqual([2]);
  });

  test('capital accented letters fold like small ones: electrifier finds ÉLECTRIFIER, Électrique finds électrique', () => {
    expect(ids('electrifier')).toEqual([3]);
    expect(ids('Électrique')).toEqual([2]);
    expect(ids('securite')).toEqual([1]);
  });

  test('a ligature matches its two letters both ways: coeur finds cœur, œuvre finds Œuvre and oeuvre', () => {
    expect(ids('coeur')).toEqual([2]);
    expect(ids('cœur')).toEqual([2]);
    expect(ids('oeuvre')).toEqual([3]);
  });

  test('a typographic apostrophe and a straight one are the same word break: l\'hiver finds l’hiver', () => {
    expect(ids('l\'hiver')).toEqual([1]);
    expect(ids('hiver canadien')).toEqual([1]);
  });

  test('English is unchanged: words in any order, title matches first, every word must match', () => {
    expect(ids('BATTERIES')).toEqual([4, 1]);
    expect(ids('heaters block')).toEqual([4]);
    expect(ids('winter vehicule')).toEqual([]);
    expect(ids('   ')).toEqual([]);
  });

  test('fold strips every combining mark and lowers case; words splits on anything but letters and digits', () => {
    expect(fold('Ça Œuvre À Montréal ÉTÉ')).toBe('ca oeuvre a montreal ete');
    expect(words('  l’équipe, 4×4 — Trois-Rivières ')).toEqual(['l', 'equipe', '4', '4', 'trois', 'rivieres']);
  });
});
