// Pages: every route in every language with its title, translation status, the files it is
// built from, its weight, and a view of it at phone, tablet and desktop widths side by side. A
// page's versions (/faqs, /fr/faqs) are one group of rows.
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { AdminState, PageInfo, PageTranslation } from '../types.ts';
import { Badge, FileLink, LanguageTag, kb, plural, TableScroll } from './common.tsx';

interface ViewProps { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }

type Show = 'all' | 'en' | 'fr' | 'todo';

const TRANSLATION: Record<PageTranslation, { text: string; tone: 'valid' | 'draft' }> = {
  translated: { text: 'Translated', tone: 'valid' },
  fallback: { text: 'English fallback', tone: 'draft' },
  outdated: { text: 'Translation out of date', tone: 'draft' },
};

const needsWork = (p: PageInfo) => p.translation === 'fallback' || p.translation === 'outdated';

/** The pages in groups of one page's versions, in the order of their first (English) version. */
function groups(pages: PageInfo[]): [string, PageInfo[]][] {
  const byKey = new Map<string, PageInfo[]>();
  for (const p of pages) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  return [...byKey];
}

export function PagesView({ state, heading }: ViewProps) {
  const [filter, setFilter] = useState('');
  const [show, setShow] = useState<Show>('all');
  const needle = filter.trim().toLowerCase();
  const shown = (p: PageInfo) => (show === 'all' || (show === 'todo' ? needsWork(p) : p.locale === show))
    && (!needle || p.path.toLowerCase().includes(needle) || p.title.toLowerCase().includes(needle) || p.sources.some((s) => s.file.toLowerCase().includes(needle)));
  const pages = state.pages.filter(shown);
  const todo = state.pages.filter(needsWork).length;
  const round = (bytes: number) => kb(bytes).replace('.0 ', ' ');
  const budget = round(state.budgets.jsGzip);
  const budgetOf = (key: string) => round(state.budgets.pages[key] ?? state.budgets.jsGzip);
  const choices: { id: Show; label: string }[] = [
    { id: 'all', label: 'Both languages' },
    { id: 'en', label: 'English' },
    { id: 'fr', label: 'French' },
    { id: 'todo', label: `Needs translation (${todo})` },
  ];
  return (
    <section aria-labelledby="pages-heading">
      <h1 id="pages-heading" ref={heading} tabIndex={-1}>Pages</h1>
      <p className="lede">
        Every page of the preview, drafts included. Sizes are gzip, as visitors download them: the HTML, every script the
        page may load, and the stylesheet. The JavaScript budget is <strong>{budget} gzip per page</strong>, unless{' '}
        <code>budgets:</code> in <code>content/site.yaml</code> gives a page its own (by its English path, for every language).
        Each page&rsquo;s English and French versions are listed together; a French page is translated, shows its English
        copy until it has a translation (English fallback), or shows a translation older than its English file.
      </p>
      <div className="toolbar">
        <label htmlFor="page-filter">Find a page</label>
        <input id="page-filter" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Title, path or file" />
        <span className="muted" aria-live="polite">{plural(pages.length, 'page')}</span>
      </div>
      <div className="toolbar" role="group" aria-label="Show pages">
        {choices.map((c) => (
          <button key={c.id} type="button" className="button button--toggle" aria-pressed={show === c.id} onClick={() => setShow(c.id)}>{c.label}</button>
        ))}
      </div>
      <TableScroll label="Table: pages">
        <table className="table table--pages">
          <caption className="visually-hidden">Pages in each language, their translation status, the content files they are built from, and their weight</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Built from</th>
              <th scope="col" className="num">HTML</th>
              <th scope="col" className="num">JS</th>
              <th scope="col" className="num">CSS</th>
              <th scope="col">View</th>
            </tr>
          </thead>
          {groups(pages).map(([key, versions]) => (
            <tbody key={key} className="page-group" data-key={key}>
              {versions.map((page) => (
              <tr key={page.path} data-path={page.path} data-locale={page.locale}>
                <th scope="row">
                  <span className="page-title"><LanguageTag locale={page.locale} tag={page.lang} /><span lang={page.lang}>{page.title}</span></span>
                  <a className="page-path" href={page.path} target="_blank" rel="noopener"><code>{page.path}</code></a>
                  {page.translation ? <Badge tone={TRANSLATION[page.translation].tone}>{TRANSLATION[page.translation].text}</Badge> : null}
                  {page.draft ? <Badge tone="draft">Draft</Badge> : null}
                  {page.status !== 200 ? <Badge tone="neutral">{page.status}</Badge> : null}
                </th>
                <td>
                  {page.sources.length ? page.sources.map((s) => <div key={s.file}><FileLink at={s} /></div>) : <span className="muted">Templates only</span>}
                </td>
                <td className="num">{kb(page.weight.html)}</td>
                <td className={`num${page.overBudget ? ' over' : ''}`}>
                  {kb(page.weight.js)}
                  {page.overBudget ? <span className="visually-hidden"> (over its {budgetOf(page.key)} budget)</span> : null}
                </td>
                <td className="num">{kb(page.weight.css)}</td>
                <td>
                  <a className="button button--small" href={`#pages?view=${encodeURIComponent(page.path)}`}>
                    Phone, tablet, desktop<span className="visually-hidden">: {page.title} ({page.path})</span>
                  </a>
                </td>
              </tr>
              ))}
            </tbody>
          ))}
        </table>
      </TableScroll>
    </section>
  );
}

const DEVICES = [
  { name: 'Phone', width: 375, height: 812 },
  { name: 'Tablet', width: 768, height: 1024 },
  { name: 'Desktop', width: 1280, height: 800 },
];
const GAP = 24;

/** One page at 375, 768 and 1280 px, scaled to fit side by side (or at actual size, scrolling). */
export function DevicesView({ state, path, heading }: ViewProps & { path: string }) {
  const page = state.pages.find((p) => p.path === path);
  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(1200);
  const [actual, setActual] = useState(false);
  useEffect(() => {
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    if (frame.current) observer.observe(frame.current);
    return () => observer.disconnect();
  }, []);
  const total = DEVICES.reduce((n, d) => n + d.width, 0);
  const scale = actual ? 1 : Math.min(1, (width - GAP * (DEVICES.length - 1)) / total);
  return (
    <section aria-labelledby="devices-heading">
      <p><a href="#pages">← All pages</a></p>
      <h1 id="devices-heading" ref={heading} tabIndex={-1}>{page?.title ?? path} <code className="h1-path">{path}</code></h1>
      <div className="toolbar">
        <label className="check">
          <input type="checkbox" checked={actual} onChange={(e) => setActual(e.target.checked)} /> Actual size (scroll sideways)
        </label>
        <span className="muted">{actual ? '100%' : `Scaled to ${Math.round(scale * 100)}%`}; the frames reload when the page is rebuilt.</span>
        <a href={path} target="_blank" rel="noopener">Open in a new tab</a>
      </div>
      <div className={`devices${actual ? ' devices--actual' : ''}`} ref={frame} style={{ gap: GAP }}>
        {DEVICES.map((d) => (
          <figure key={d.name} className="device" style={{ width: d.width * scale, height: d.height * scale + 28 }}>
            <figcaption>{d.name} · {d.width} px</figcaption>
            <div className="device__screen" style={{ width: d.width * scale, height: d.height * scale }}>
              <iframe src={path} title={`${path} at ${d.width} px (${d.name.toLowerCase()})`} width={d.width} height={d.height} style={{ transform: `scale(${scale})` }} loading="lazy" />
            </div>
          </figure>
        ))}
      </div>
    </section>
  );
}
