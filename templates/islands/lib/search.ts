// Blog search: pure, shared by the generator (tests) and the sidebar's search island. The same
// matcher serves both languages (each page loads its own language's index): a visitor types
// without accents, capitals or ligatures ("vehicule", "coeur") and finds "Véhicule", "cœur".
import type { SearchEntry } from '../../../generator/render/feed.ts';

export type { SearchEntry };

// Ligatures Unicode does not decompose (NFKD leaves œ and æ whole): written as their two letters.
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss' };

/** Text as the matcher compares it: decomposed (NFKD), every combining mark dropped, lower case, ligatures spelled out. */
export function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[œæß]/g, (l) => LIGATURES[l]!);
}

/** The folded words of a text: runs of letters and digits (in any script), so apostrophes, hyphens and dashes separate words. */
export function words(text: string): string[] {
  return fold(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** Entries matching every word of the query (case-, accent- and ligature-insensitive), best first. */
export function search(index: SearchEntry[], query: string): SearchEntry[] {
  const wanted = words(query);
  if (!wanted.length) return [];
  const scored = index.map((entry) => {
    const title = fold(entry.title);
    const rest = fold(`${entry.subheading} ${entry.tags.join(' ')} ${entry.category}`);
    let score = 0;
    for (const word of wanted) {
      if (title.includes(word)) score += 3;
      else if (rest.includes(word)) score += 1;
      else return { entry, score: 0 };
    }
    return { entry, score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || b.entry.id - a.entry.id).map((s) => s.entry);
}
