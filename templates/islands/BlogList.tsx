// The blog list: category filter, pagination and page size, all kept in the URL query
// (?category=eld&page=2&size=10) so a filtered page can be shared and Back works.
// Page size: 1 up to 767 px; 3 from 768 px; 9 from 1024 px (docs/authoring.md, the blog list);
// the chooser (3, 5, 10, 25, 50, All) is hidden on small screens. The first render equals
// the server's, which lists every post: without JavaScript all posts are there. With JavaScript
// (CSS `scripting: enabled`) that same markup already shows the first page of the visitor's
// screen, the posts past it hidden by CSS, and on a phone its pager ('Page 1 of N'), so a phone
// needs no React to show the list: the island hydrates there only when used, and a Next
// pressed before that is pressed again once it has (lib/used.ts). Wider screens, and any address
// with a list query, hydrate at once (templates/pages/Blog.tsx). A page size
// chosen before hydration is applied once it has hydrated. Category and page links are queries
// on the page's own path, so on /fr/blogs they stay there; the counter writes `locale`'s numbers.
// A big blog's page holds only its newest posts (`posts`, of `total`); the whole list is at
// `more` (/blog-list.json), fetched once the visitor asks for more than those: a category, a page
// past them, or All. Until it comes the pager counts `total`, and the list is marked busy.
import { startTransition, useEffect, useRef, useState } from 'react';
import { cut, PostCardView, type ImageData, type PostCardData } from '../components/views.tsx';
import { useMedia } from './lib/hooks.ts';
import { Chevron } from './lib/Chevron.tsx';
import { Runs } from './lib/runs.tsx';
import { prefilledText, usePrefill } from './lib/prefill.ts';
import { fillCounts, type LocaleProp } from './lib/locale.tsx';

/** A post as the list shows it; its subheading's cuts (PostCardData.cuts) are made where it is shown. */
export interface ListPost extends Omit<PostCardData, 'cuts'> { id: number; categorySlug: string }

/** The subheading cut for the list's wide layouts (the card shows the one that fits). */
const withCuts = (post: ListPost): PostCardData => ({ ...post, cuts: [cut(post.subheading, 57), cut(post.subheading, 30)] });

/**
 * The whole list as /blog-list.json holds it: what posts repeat (a category, a read time, an
 * image) once in a table, each post a row that points into them; the cuts are made again here.
 * The rows are a fraction of a list of objects' bytes, compressed or not.
 */
export interface ListFile {
  categories: [slug: string, name: string | null][];
  readTimes: string[];
  images: ImageData[];
  /** id, href, title, subheading, date, date label, read time, category, image, and lang (0 when none). */
  posts: [number, string, string, string, string, string, number, number, number, string | 0][];
}

/** The list as the file holds it (templates/pages/Blog.tsx, blogListData). */
export function packList(posts: readonly ListPost[]): ListFile {
  const file: ListFile = { categories: [], readTimes: [], images: [], posts: [] };
  const places = new Map<string, number>();
  const place = <T,>(table: T[], kind: string, key: string, value: T) => {
    let at = places.get(`${kind}\n${key}`);
    if (at === undefined) places.set(`${kind}\n${key}`, (at = table.push(value) - 1));
    return at;
  };
  for (const p of posts) {
    const category = place(file.categories, 'c', `${p.categorySlug}\n${p.category ?? ''}`, [p.categorySlug, p.category ?? null]);
    const readTime = place(file.readTimes, 'r', p.readTime, p.readTime);
    const image = place(file.images, 'i', JSON.stringify(p.image), p.image);
    file.posts.push([p.id, p.href, p.title, p.subheading, p.date, p.dateLabel, readTime, category, image, p.lang ?? 0]);
  }
  return file;
}

/** The posts of a fetched list file; throws on anything that is not one (the list then stays as the page holds it). */
export function unpackList(file: unknown): ListPost[] {
  const f = file as ListFile;
  if (!f || !Array.isArray(f.posts) || !Array.isArray(f.categories) || !Array.isArray(f.readTimes) || !Array.isArray(f.images)) throw new Error('not a list');
  return f.posts.map((row) => {
    const [id, href, title, subheading, date, dateLabel, readTime, category, image, lang] = row;
    const c = f.categories[category];
    if (typeof id !== 'number' || typeof href !== 'string' || typeof title !== 'string' || typeof subheading !== 'string' || !c || f.readTimes[readTime] === undefined || !f.images[image]) throw new Error('not a list');
    const post: ListPost = { href, title, subheading, date, dateLabel, readTime: f.readTimes[readTime]!, image: f.images[image]!, id, categorySlug: c[0] };
    if (c[1] !== null) post.category = c[1];
    if (lang) post.lang = lang;
    return post;
  });
}
export interface ListLabels { all: string; filter: string; size: string; sizeAll: string; pageOf: string; pagination: string; empty: string; previous: string; next: string }
interface Props extends LocaleProp {
  /** The posts the page holds (every post, or the newest of a big blog's). */
  posts: ListPost[];
  /** How many posts the blog has. */
  total?: number;
  /** Where the whole list is, when `posts` is not all of it. */
  more?: string;
  categories: { slug: string; name: string }[];
  labels: ListLabels;
}

export const SIZES = [3, 5, 10, 25, 50, -1] as const;
interface Query { category: string; page: number; size: number | null }

export function readQuery(search: string, categories: string[]): Query {
  const params = new URLSearchParams(search);
  const category = categories.includes(params.get('category') ?? '') ? params.get('category')! : 'all';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const size = Number(params.get('size'));
  return { category, page, size: (SIZES as readonly number[]).includes(size) ? size : null };
}

export function writeQuery(q: Query): string {
  const params = new URLSearchParams();
  if (q.category !== 'all') params.set('category', q.category);
  if (q.page > 1) params.set('page', String(q.page));
  if (q.size !== null) params.set('size', String(q.size));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** Posts of a page, the page actually shown and the page count. */
export function paginate<T>(items: T[], page: number, size: number): { items: T[]; page: number; pages: number } {
  if (size < 0) return { items, page: 1, pages: 1 };
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
}

export default function BlogList({ posts, total = posts.length, more, categories, labels, locale }: Props) {
  const [query, setQuery] = useState<Query | null>(null);
  // The whole list, once fetched (`more`); a failed fetch is tried again at the next choice.
  const [all, setAll] = useState<ListPost[] | null>(more ? null : posts);
  const fetching = useRef(false);
  // The last fetch failed: the list shows what the page holds until a choice tries again.
  const [failed, setFailed] = useState(false);
  const small = useMedia('(max-width: 47.9375em)');
  const wide = useMedia('(min-width: 64em)');
  const slugs = categories.map((c) => c.slug);
  const chosenSize = prefilledText(usePrefill(), 'size');

  useEffect(() => {
    const sync = () => setQuery(readQuery(location.search, slugs));
    // The first page of the list replaces the server's full list as a transition: React renders
    // it in slices that yield to the browser, not in one long task (on a phone, Lighthouse
    // counted it as most of /blogs' blocking time). What the visitor then chooses is urgent.
    // A size in the select that the address already has is no new choice: the browser put it
    // back on Back (its form restore), and taking it for one had sent the visitor to page 1 with
    // a new history entry, losing Forward.
    const chosen = chosenSize === undefined || chosenSize === '' ? null : Number(chosenSize);
    const asked = readQuery(location.search, slugs);
    if (chosenSize === undefined || chosen === asked.size) startTransition(sync);
    else go({ ...asked, page: 1, size: chosen });
    addEventListener('popstate', sync);
    return () => removeEventListener('popstate', sync);
  }, []);

  const go = (next: Query) => {
    setQuery(next);
    history.pushState(null, '', `${location.pathname}${writeQuery(next)}`);
    document.getElementById('blog-list')?.scrollIntoView({ block: 'start', behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
  };

  const q = query ?? { category: 'all', page: 1, size: null };
  const size = small ? 1 : q.size ?? (wide ? 9 : 3);
  // What the page holds is not enough for a category (its count), All, or a page past it.
  const wanting = !!query && !all && (q.category !== 'all' || size < 0 || q.page * size > posts.length);
  useEffect(() => {
    if (!wanting || !more || fetching.current) return;
    fetching.current = true;
    setFailed(false);
    fetch(more)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`${response.status}`))))
      .then((file: unknown) => {
        const list = unpackList(file);
        startTransition(() => setAll(list));
      })
      .catch(() => setFailed(true))
      .finally(() => (fetching.current = false));
    // Every choice (a new query) tries again after a failure.
  }, [wanting, more, query]);
  const busy = wanting && !failed;
  const source = all ?? posts;
  const filtered = q.category === 'all' ? source : source.filter((p) => p.categorySlug === q.category);
  let view = query ? paginate(filtered, q.page, size) : { items: posts, page: 1, pages: 1 };
  if (query && !all && q.category === 'all' && size > 0) {
    // The whole list's pages, before it has come: a page past the held posts shows once it has.
    const pages = Math.max(1, Math.ceil(total / size));
    const page = Math.min(Math.max(1, q.page), pages);
    view = { items: source.slice((page - 1) * size, page * size), page, pages };
  }
  const link = (category: string) => `?${new URLSearchParams(category === 'all' ? {} : { category }).toString()}`;

  // Before the first query is read (the server's render and hydration) the pager is the phone's
  // first page (CSS shows it on phones only): every post is its own page there.
  const pager = query ? view : { page: 1, pages: Math.max(1, total) };

  return (
    <div className={query ? 'blog-list' : 'blog-list blog-list--static'} id="blog-list" aria-busy={busy || undefined}>
      <div className="blog-list__bar">
        <nav className="blog-list__filter" aria-label={labels.filter}>
          {[{ slug: 'all', name: labels.all }, ...categories].map((c) => (
            <a
              key={c.slug}
              href={link(c.slug)}
              className="filter-chip"
              aria-current={q.category === c.slug ? 'true' : undefined}
              onClick={(e) => {
                e.preventDefault();
                go({ ...q, category: c.slug, page: 1 });
              }}
            >
              {c.name}
            </a>
          ))}
        </nav>
        <label className="blog-list__size">
          <span>{labels.size}</span>
          <select name="size" value={q.size ?? ''} onChange={(e) => go({ ...q, page: 1, size: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{wide ? 9 : 3}</option>
            {SIZES.map((n) => <option key={n} value={n}>{n < 0 ? labels.sizeAll : n}</option>)}
          </select>
        </label>
      </div>
      {view.items.length ? (
        <ul className="grid grid--3 blog-list__grid" role="list">
          {/* Every post on the server (thousands on a big site): rendered a run at a time there (lib/runs.tsx). */}
          <Runs items={view.items.map((post) => <li key={post.id}><PostCardView post={withCuts(post)} headingLevel={2} /></li>)} />
        </ul>
      ) : busy ? null : (
        <p className="blog-list__empty">{labels.empty}</p>
      )}
      <nav className="pager" aria-label={labels.pagination}>
        <button type="button" className="round-button" disabled={pager.page <= 1} onClick={() => go({ ...q, page: pager.page - 1 })} aria-label={labels.previous}>
          <Chevron direction="left" />
        </button>
        <span className="pager__status" aria-live="polite">{fillCounts(labels.pageOf, { n: pager.page, total: pager.pages }, locale)}</span>
        <button type="button" className="round-button" disabled={pager.page >= pager.pages} onClick={() => go({ ...q, page: pager.page + 1 })} aria-label={labels.next}>
          <Chevron direction="right" />
        </button>
      </nav>
    </div>
  );
}
