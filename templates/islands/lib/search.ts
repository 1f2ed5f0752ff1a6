// Blog search: pure, shared by the generator (tests) and the sidebar's search island.
import type { SearchEntry } from '../../../generator/feed.ts';

export type { SearchEntry };

const fold = (s: string) => s.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Entries matching every word of the query (case- and accent-insensitive), best first. */
export function search(index: SearchEntry[], query: string): SearchEntry[] {
  const words = fold(query).split(/[^a-z0-9]+/).filter(Boolean);
  if (!words.length) return [];
  const scored = index.map((entry) => {
    const title = fold(entry.title);
    const rest = fold(`${entry.subheading} ${entry.tags.join(' ')} ${entry.category}`);
    let score = 0;
    for (const word of words) {
      if (title.includes(word)) score += 3;
      else if (rest.includes(word)) score += 1;
      else return { entry, score: 0 };
    }
    return { entry, score };
  });
  return scored.filter((s) => s.score > 0).sort((a, b) => b.score - a.score || b.entry.id - a.entry.id).map((s) => s.entry);
}
