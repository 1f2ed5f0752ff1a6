// Small pieces every admin view uses: file links, status badges, sizes, times, problem lists.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AdminState, FileRef, ItemStatus, ProblemInfo } from '../types.ts';

/** A path that may break after each slash (`<wbr>`), so a long one wraps in a narrow window rather than widening its table. */
function breakable(path: string): ReactNode[] {
  return path.split('/').flatMap((part, i, parts) => (i < parts.length - 1 ? [part, '/', <wbr key={i} />] : [part]));
}

/**
 * A file as a link: a content file opens in the admin's editor (at `field` when given); any
 * other file in VS Code, its path as the text so any other editor can use it too.
 */
export function FileLink({ at, location = true, field }: { at: FileRef; location?: boolean; field?: string }) {
  const where = location && at.line ? `:${at.line}${at.column ? `:${at.column}` : ''}` : '';
  const edit = editHref(at.file, field);
  if (edit !== '#checks') {
    return (
      <span className="file-links">
        <a className="file" href={edit} title="Edit in the admin">
          <code>{breakable(at.file)}{where}</code>
        </a>{' '}
        <a className="file__edit" href={edit} aria-label={`Edit ${at.file}`}>Edit</a>
      </span>
    );
  }
  return (
    <a className="file" href={at.href} title="Open in VS Code">
      <code>{breakable(at.file)}{where}</code>
    </a>
  );
}

/** A display path's place inside content/ (content/fr/blog/x.md → fr/blog/x.md), for a content file the editor opens. */
export const contentRel = (file: string): string | undefined => /(?:^|\/)content\/(.+\.(?:ya?ml|md))$/.exec(file)?.[1];

/** The editor at a problem's field, for a content file; the Checks section otherwise. */
export function editHref(file: string, field?: string): string {
  const rel = contentRel(file);
  return rel ? `#edit?path=${encodeURIComponent(rel)}${field ? `&field=${encodeURIComponent(field)}` : ''}` : '#checks';
}

const STATUS_TEXT: Record<ItemStatus, string> = { valid: 'Valid', draft: 'Draft', invalid: 'Invalid' };

export function StatusBadge({ status }: { status: ItemStatus }) {
  return <span className={`badge badge--${status}`}>{STATUS_TEXT[status]}</span>;
}

export function Badge({ tone, children }: { tone: 'valid' | 'draft' | 'invalid' | 'neutral'; children: React.ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}

const LANGUAGES: Record<string, string> = { en: 'English', fr: 'French' };

const LABELS: Record<string, string> = {
  'site-wide': 'Site-wide files',
  site: 'Site settings', categories: 'Blog categories', ui: 'Interface words', forms: 'Form copy', visitorEmails: 'Visitor e-mails', pages: 'Page copy',
  blog: 'Blog posts', legal: 'Legal pages', faqs: 'FAQs', jobs: 'Jobs', team: 'Leadership team',
};

/** A collection's name for people: blog → Blog posts, fleetFeatures → Fleet features. */
export function collectionLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A language's name for people: fr → French. */
export const languageName = (locale: string): string => LANGUAGES[locale] ?? locale;

/** A short language mark (EN, FR) that says its name to screen readers and its tag on hover. */
export function LanguageTag({ locale, tag }: { locale: string; tag?: string }) {
  return (
    <span className={`lang lang--${locale}`} title={tag ? `${languageName(locale)} (${tag})` : languageName(locale)}>
      <span aria-hidden="true">{locale.toUpperCase()}</span>
      <span className="visually-hidden">{languageName(locale)}</span>
    </span>
  );
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

export function time(iso: string): string {
  return new Date(iso).toLocaleTimeString('en-CA', { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false });
}

export function dateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'medium', hour12: false });
}

/** Located problems: where (file:line:column), which field, what is wrong, how to fix it (the catalogue's message and hint). */
export function ProblemList({ problems }: { problems: ProblemInfo[] }) {
  return (
    <ul className="problems">
      {problems.map((p, i) => (
        <li key={i} className="problem">
          <FileLink at={p.at} field={p.path || undefined} />
          {p.path ? <span className="problem__field">Field <code>{p.path}</code></span> : <span className="problem__field">Whole file</span>}
          <span className="problem__what">{p.message}</span>
          {p.hint ? <span className="problem__fix"><strong>Fix:</strong> {p.hint}</span> : null}
        </li>
      ))}
    </ul>
  );
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What visitors of the preview see meanwhile: the last good build, or nothing if there never was one. */
export function servingNote(state: AdminState): string {
  return state.pages.length ? 'The preview keeps serving the last good build until this is fixed.' : 'The preview has no good build to serve until this is fixed.';
}

/**
 * A table's own scrolling box: a table wider than the window (a phone, a half-screen window)
 * scrolls inside it, never the page (WCAG 1.4.10 allows two-dimensional tables to scroll). It
 * is a named region, and a stop for the keyboard only while it does scroll, so arrow keys can
 * move it; the positioned box also holds a visually hidden caption, which would otherwise be
 * laid out past the table's edge and widen the page.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const look = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(look);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    look();
    return () => observer.disconnect();
  }, []);
  return <div ref={box} className="table-scroll" role="region" aria-label={label} tabIndex={scrolls ? 0 : undefined}>{children}</div>;
}
