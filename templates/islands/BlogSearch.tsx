// The article sidebar's search box (the spec's was inert): searches titles, subheadings and
// tags of every post in the page's language's index (/search-index.json, /fr/search-index.json:
// `indexUrl`), built with the site, loaded on first use; accents and capitals do not matter
// (lib/search.ts). A query typed before hydration is kept and run (lib/prefill.ts).
import { useEffect, useRef, useState } from 'react';
import { search, type SearchEntry } from './lib/search.ts';
import { prefilledText, usePrefill } from './lib/prefill.ts';
import { fillCounts, pageIn, type LocaleProp } from './lib/locale.tsx';

export interface SearchLabels { heading: string; label: string; placeholder: string; button: string; noResults: string; results: string; resultsOne: string; unavailable: string }

export default function BlogSearch({ labels, indexUrl, locale }: { labels: SearchLabels; indexUrl: string } & LocaleProp) {
  const [query, setQuery] = useState(prefilledText(usePrefill(), 'q') ?? '');
  // null: nothing asked; 'unavailable': the index could not be loaded.
  const [results, setResults] = useState<SearchEntry[] | 'unavailable' | null>(null);
  const index = useRef<Promise<SearchEntry[]> | null>(null);
  // The query typed last: an answer for an older one (the index still loading) is dropped.
  const latest = useRef('');

  const run = async (q: string) => {
    latest.current = q;
    if (!q.trim()) return setResults(null);
    index.current ??= fetch(indexUrl).then((r) => (r.ok ? (r.json() as Promise<SearchEntry[]>) : Promise.reject(new Error(`${r.status}`))));
    let entries: SearchEntry[];
    try {
      entries = await index.current;
    } catch {
      // Offline or a server error: say so, and let the next search fetch again (a kept failure
      // had broken search until a reload, throwing on every key).
      index.current = null;
      if (latest.current === q) setResults('unavailable');
      return;
    }
    if (latest.current === q) setResults(search(entries, q));
  };
  useEffect(() => {
    if (query) void run(query);
  }, []);

  return (
    <div className="blog-search">
      <h2 className="article__aside-heading" id="blog-search-heading">{labels.heading}</h2>
      <form role="search" aria-labelledby="blog-search-heading" action={pageIn('/blogs', locale)} onSubmit={(e) => { e.preventDefault(); void run(query); }}>
        <label htmlFor="blog-search-input" className="visually-hidden">{labels.label}</label>
        <div className="blog-search__row">
          <input id="blog-search-input" type="search" name="q" value={query} placeholder={labels.placeholder} autoComplete="off"
            onChange={(e) => { setQuery(e.target.value); void run(e.target.value); }} />
          <button type="submit" className="btn btn--primary">{labels.button}</button>
        </div>
      </form>
      <p className="blog-search__status" role="status">
        {results === null ? '' : results === 'unavailable' ? labels.unavailable : results.length === 1 ? labels.resultsOne : results.length ? fillCounts(labels.results, { count: results.length }, locale) : labels.noResults.replace('{query}', () => query)}
      </p>
      {Array.isArray(results) && results.length ? (
        <ul className="blog-search__results" role="list">
          {results.map((r) => (
            <li key={r.id}><a href={r.url}>{r.title}</a><span className="tag">{r.category}</span></li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
