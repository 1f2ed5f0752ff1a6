// "Did you mean …?": the nearest valid name to what an author wrote, or nothing when no name is
// near enough to be a likely typo (a wrong guess is worse than none). Pure.

/**
 * Optimal-string-alignment distance (Damerau-Levenshtein without repeated edits of one
 * substring): insertions, deletions, substitutions and swaps of two neighbouring letters each
 * cost 1, so "subheadng" is 1 from "subheading" and "tilte" 1 from "title".
 */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let before = new Array<number>(b.length + 1).fill(0);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
    }
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many edits still look like a typo of a name this long: 1 up to 5 characters, then a third of it, at most 3. */
export function typoLimit(length: number): number {
  return Math.min(3, Math.max(1, Math.floor(length / 3)));
}

/**
 * The candidate nearest to `value`, compared without regard to case (so ELD finds eld), or
 * undefined when none is within `typoLimit`. Ties go to the first in alphabetical order, so the
 * answer never depends on the order of the candidates.
 */
export function nearestName(value: string, candidates: Iterable<string>, limit = typoLimit(value.length)): string | undefined {
  const wanted = value.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    if (name === value) continue;
    const distance = editDistance(wanted, name.toLowerCase());
    if (distance > limit) continue;
    if (!best || distance < best.distance || (distance === best.distance && name < best.name)) best = { name, distance };
  }
  return best?.name;
}

/**
 * The nearest existing file to a path: a typo anywhere in the path, or the right file name in
 * another folder (images/eld-compliance.svg → images/blog/eld-compliance.svg).
 */
export function nearestPath(value: string, paths: Iterable<string>): string | undefined {
  const list = [...paths];
  const near = nearestName(value, list);
  if (near) return near;
  const base = (p: string) => p.slice(p.lastIndexOf('/') + 1);
  const byName = new Map<string, string[]>();
  for (const p of list) {
    const named = byName.get(base(p));
    if (named) named.push(p);
    else byName.set(base(p), [p]);
  }
  const name = nearestName(base(value), byName.keys()) ?? (byName.has(base(value)) ? base(value) : undefined);
  const matches = name ? byName.get(name)! : [];
  // The same name in several folders: no way to tell which one was meant.
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * The nearest page to an internal link: a typo (/faq → /faqs), or a page whose path continues
 * the link's (/contact → /contact-us, /solutions → /solutions/eld when it is the only one).
 */
export function nearestRoute(path: string, routes: Iterable<string>): string | undefined {
  const list = [...routes].filter((r) => r !== '/404');
  const near = nearestBySegment(path, list);
  if (near) return near;
  const lower = path.toLowerCase().replace(/\/$/, '');
  if (lower.length < 3) return undefined;
  const longer = list.filter((r) => r.toLowerCase().startsWith(lower) && /[-/]/.test(r.charAt(lower.length))).sort();
  return longer.length ? longer[0] : undefined;
}

/**
 * The route nearest to `path` segment by segment: the same number of segments, each the same or
 * a likely typo of its own length, and an id (digits, or a segment of one or two characters)
 * never a typo: /blog-details/7 is not /blog-details/1, a post that is gone is not its neighbour.
 */
function nearestBySegment(path: string, routes: string[]): string | undefined {
  const parts = path.toLowerCase().split('/');
  let best: { route: string; distance: number } | undefined;
  for (const route of routes) {
    const theirs = route.toLowerCase().split('/');
    if (theirs.length !== parts.length || route === path) continue;
    let distance = 0;
    for (let i = 0; i < parts.length && distance !== Infinity; i++) {
      const [mine, other] = [parts[i]!, theirs[i]!];
      if (mine === other) continue;
      const id = /^\d+$/.test(mine) || /^\d+$/.test(other) || mine.length <= 2;
      const d = id ? Infinity : editDistance(mine, other);
      distance = d > typoLimit(mine.length) ? Infinity : distance + d;
    }
    if (distance === Infinity) continue;
    if (!best || distance < best.distance || (distance === best.distance && route < best.route)) best = { route, distance };
  }
  return best?.route;
}
