// The admin preview's frame: a header with the live status, the sections as links (#pages,
// #content, #translations, #leads, #checks, #photos, #build) and the section the address names.
import { useEffect, useRef } from 'react';
import type { AdminState } from '../types.ts';
import { useAdminState, useHashPlace } from './hooks.ts';
import { contentRel, editHref, plural, time } from './common.tsx';
import { PagesView, DevicesView } from './PagesView.tsx';
import { ContentView } from './ContentView.tsx';
import { TranslationsView } from './TranslationsView.tsx';
import { LeadsView, useLeads } from './LeadsView.tsx';
import { ChecksView } from './ChecksView.tsx';
import { PhotosView } from './PhotosView.tsx';
import { BuildView } from './BuildView.tsx';
import { ChangesView } from './ChangesView.tsx';
import { TrafficView } from './TrafficView.tsx';
import { EditorView } from './editor/EditorView.tsx';

const TABS = [
  { id: 'pages', label: 'Pages' },
  { id: 'content', label: 'Content' },
  { id: 'translations', label: 'Translations' },
  { id: 'leads', label: 'Leads' },
  { id: 'checks', label: 'Checks' },
  { id: 'photos', label: 'Photos' },
  { id: 'build', label: 'Build' },
  { id: 'traffic', label: 'Traffic' },
  { id: 'changes', label: 'Changes' },
] as const;

type TabId = (typeof TABS)[number]['id'];

export function App() {
  const { state, live } = useAdminState();
  const place = useHashPlace('pages');
  // The editor is reached from an item (Content, Pages, Checks), not from a tab of its own.
  const editing = place.tab === 'edit' ? place.params.get('path') : null;
  const tab: TabId = editing ? 'content' : TABS.some((t) => t.id === place.tab) ? (place.tab as TabId) : 'pages';
  const leads = useLeads(tab === 'leads');
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const view = tab === 'pages' ? place.params.get('view') : null;

  // A new section is a new page for keyboard and screen-reader users: move focus to its heading.
  useEffect(() => {
    document.title = `${editing ? `Edit ${editing}` : TABS.find((t) => t.id === tab)!.label} · Admin preview`;
    if (first.current) first.current = false;
    else heading.current?.focus();
    // On a phone the section links scroll sideways: the current one is kept in sight.
    document.querySelector('.tabs a[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab, view, editing]);

  const counts: Record<TabId, Count | undefined> = state
    ? {
        pages: { text: String(state.pages.length), tone: 'neutral', label: plural(state.pages.length, 'page') },
        content: contentCount(state),
        translations: translationCount(state),
        leads: leads.data ? { text: String(leads.data.leads.length), tone: 'neutral', label: plural(leads.data.leads.length, 'lead') } : undefined,
        checks: { text: String(state.checks.length), tone: state.checks.length ? 'draft' : 'valid', label: plural(state.checks.length, 'thing') + ' to fix' },
        photos: photoCount(state),
        build: buildCount(state),
        traffic: undefined,
        changes: undefined,
      }
    : { pages: undefined, content: undefined, translations: undefined, leads: undefined, checks: undefined, photos: undefined, build: undefined, traffic: undefined, changes: undefined };

  return (
    <>
      <a className="skip" href="#main" onClick={(e) => { e.preventDefault(); heading.current?.focus(); }}>Skip to the section</a>
      <header className="bar">
        <p className="bar__title"><strong>Admin preview</strong> <span>only on <code>site preview</code>, never published</span></p>
        <p className="bar__status" aria-live="polite">
          <span className={`dot ${live ? 'dot--live' : 'dot--off'}`} aria-hidden="true" />
          {live ? `Live · updated ${state ? time(state.at) : '…'}` : 'Reconnecting to the preview…'}
        </p>
        {state ? <PublishBadge state={state} /> : null}
        <a className="bar__site" href="/" target="_blank" rel="noopener">Open the site</a>
      </header>
      <nav className="tabs" aria-label="Admin sections">
        {TABS.map((t) => (
          <a key={t.id} href={`#${t.id}`} aria-current={t.id === tab && !editing ? 'page' : undefined}>
            {t.label}
            {counts[t.id] ? (
              <>
                <span className={`count count--${counts[t.id]!.tone}`} aria-hidden="true">{counts[t.id]!.text}</span>
                <span className="visually-hidden">({counts[t.id]!.label})</span>
              </>
            ) : null}
          </a>
        ))}
      </nav>
      <main id="main" className="main">
        {!state ? (
          <h1 ref={heading} tabIndex={-1}>Loading…</h1>
        ) : editing ? (
          <EditorView key={editing} state={state} path={editing} focus={place.params.get('field')} heading={heading} />
        ) : tab === 'pages' && view && state.pages.some((p) => p.path === view) ? (
          // Only a page of this build: the address is anyone's to write (a link in a chat or a
          // page), and this view links and frames what it names.
          <DevicesView state={state} path={view} heading={heading} />
        ) : tab === 'pages' ? (
          <PagesView state={state} heading={heading} />
        ) : tab === 'content' ? (
          <ContentView state={state} heading={heading} />
        ) : tab === 'translations' ? (
          <TranslationsView state={state} heading={heading} />
        ) : tab === 'leads' ? (
          <LeadsView {...leads} heading={heading} />
        ) : tab === 'checks' ? (
          <ChecksView state={state} heading={heading} />
        ) : tab === 'photos' ? (
          <PhotosView state={state} heading={heading} />
        ) : tab === 'traffic' ? (
          <TrafficView state={state} heading={heading} />
        ) : tab === 'changes' ? (
          <ChangesView state={state} heading={heading} />
        ) : (
          <BuildView state={state} heading={heading} />
        )}
      </main>
    </>
  );
}

interface Count { text: string; tone: string; label: string }

/**
 * Will it publish? What `site build --strict` would stop on, each linked to its field; and what
 * stays off the site meanwhile (drafts, scheduled items with their times).
 */
function PublishBadge({ state }: { state: AdminState }) {
  const blocking = state.publish.blocking;
  const drafts = state.collections.flatMap((c) => c.items).filter((i) => i.status === 'draft');
  const waiting = state.schedule.items.filter((i) => i.status !== 'live');
  // Following one of its links closes it: the list would otherwise cover the page it opened.
  const box = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = () => box.current?.removeAttribute('open');
    addEventListener('hashchange', close);
    return () => removeEventListener('hashchange', close);
  }, []);
  return (
    <details ref={box} className={`publish publish--${blocking.length ? 'blocked' : 'ready'}`} data-testid="publish-badge">
      <summary>{blocking.length ? `${plural(blocking.length, 'problem')} would stop publishing` : <><span aria-hidden="true">✓ </span>Ready to publish</>}</summary>
      <div className="publish__panel">
        {blocking.length ? (
          <ul>
            {blocking.map((p, i) => (
              <li key={i}>
                <a href={editHref(p.at.file, p.path)}>{contentRel(p.at.file) ?? p.at.file}{p.path ? ` › ${p.path}` : ''}</a>: {p.message}
              </li>
            ))}
          </ul>
        ) : <p>Nothing would stop <code>site build --strict</code>, which publishing runs.</p>}
        {drafts.length || waiting.length ? <h2>Not on the published site</h2> : null}
        {drafts.length ? <p>{plural(drafts.length, 'draft')}: {drafts.map((d, i) => <span key={d.at.file}>{i ? ', ' : ''}<a href={editHref(d.at.file, 'draft')}>{d.title}</a></span>)}</p> : null}
        {waiting.length ? (
          <ul>{waiting.map((w) => <li key={w.file.file}><a href={editHref(w.file.file, w.status === 'scheduled' ? 'publishAt' : 'expiresAt')}>{w.title}</a>: {w.status === 'scheduled' ? `publishes ${w.publishAt}` : `expired ${w.expiresAt}`}</li>)}</ul>
        ) : null}
      </div>
    </details>
  );
}

function contentCount(state: AdminState): Count {
  const items = state.collections.flatMap((c) => c.items).length;
  const problems = state.problems.length;
  if (problems) return { text: `${problems} ✗`, tone: 'invalid', label: plural(problems, 'content problem') };
  return { text: String(items), tone: 'neutral', label: `${plural(items, 'item')}, all valid` };
}

function photoCount(state: AdminState): Count {
  const warnings = state.photos.reduce((n, p) => n + p.warnings.length, 0);
  const label = plural(state.photos.length, 'photo') + (warnings ? `, ${plural(warnings, 'warning')}` : '');
  return { text: String(state.photos.length), tone: warnings ? 'draft' : 'neutral', label };
}

function translationCount(state: AdminState): Count | undefined {
  if (!state.translations.length) return undefined;
  const todo = state.translations.reduce((n, t) => n + t.pending.length, 0);
  return todo ? { text: String(todo), tone: 'draft', label: `${plural(todo, 'translation')} to do` } : { text: '✓', tone: 'valid', label: 'every translation up to date' };
}

function buildCount(state: AdminState): Count | undefined {
  const last = state.builds[0];
  if (!last) return undefined;
  if (last.error) return { text: 'error', tone: 'invalid', label: 'the generator failed' };
  if (last.problems) return { text: 'problems', tone: 'invalid', label: 'the last build has content problems' };
  return { text: `${last.ms} ms`, tone: 'valid', label: `the last build took ${last.ms} ms` };
}
