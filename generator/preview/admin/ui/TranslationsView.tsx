// Translations: per language, where each collection stands (items, translated, out of date,
// missing, orphans: the table `site translate status` prints) and every item left to do, with
// the file to open and the command that fixes it. Follows edits like the other sections.
import { useState, type RefObject } from 'react';
import type { AdminState, PendingTranslation, TranslationInfo } from '../types.ts';
import { Badge, FileLink, collectionLabel, contentRel, languageName, plural, TableScroll } from './common.tsx';
import { postJson } from './editor/api.ts';

const STATE: Record<PendingTranslation['state'], { text: string; tone: 'draft' | 'invalid' | 'neutral'; what: string }> = {
  outdated: { text: 'Out of date', tone: 'draft', what: 'The English file changed since this was translated: bring the translation up to date (git diff on the English file shows what changed), then record it.' },
  unstamped: { text: 'No sourceHash', tone: 'invalid', what: 'The translation does not say which English version it translates: once it translates the current one, record it.' },
  missing: { text: 'Missing', tone: 'draft', what: 'No translation yet: its pages show the English copy. Start one, then translate the fields marked TODO.' },
  orphan: { text: 'Orphan', tone: 'neutral', what: 'Its English file does not exist (renamed or deleted): delete this translation, or rename it after the English file.' },
};

export function TranslationsView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="translations-heading">
      <h1 id="translations-heading" ref={heading} tabIndex={-1}>Translations</h1>
      <p className="lede">
        Each French file in <code>content/fr/</code> translates the English file at the same path and records which version
        (<code>sourceHash</code>). A page without a translation shows its English copy. The same warnings are printed by{' '}
        <code>site validate</code> and <code>site translate status</code>.
      </p>
      {state.translations.length ? state.translations.map((t) => <Language key={t.locale} info={t} writable={state.writable} />) : <p className="muted">No translated copy yet.</p>}
    </section>
  );
}

function Language({ info, writable }: { info: TranslationInfo; writable: boolean }) {
  const name = languageName(info.locale);
  const total = (k: 'items' | 'translated' | 'outdated' | 'missing' | 'orphans') => info.rows.reduce((n, r) => n + r[k], 0);
  const id = `translations-${info.locale}`;
  return (
    <section aria-labelledby={id} data-locale={info.locale}>
      <h2 id={id}>{name} ({info.tag}) <code className="muted">{info.folder}</code></h2>
      <TableScroll label={`Table: ${name} translations`}>
        <table className="table table--counts">
          <caption className="visually-hidden">{name} translations per collection</caption>
          <thead>
            <tr>
              <th scope="col">Collection</th>
              <th scope="col" className="num">Items</th>
              <th scope="col" className="num">Translated</th>
              <th scope="col" className="num">Out of date</th>
              <th scope="col" className="num">Missing</th>
              <th scope="col" className="num">Orphans</th>
            </tr>
          </thead>
          <tbody>
            {info.rows.map((r) => (
              <tr key={r.collection} data-collection={r.collection}>
                <th scope="row">{collectionLabel(r.collection)}</th>
                <td className="num">{r.items}</td>
                <td className="num">{r.translated}</td>
                <td className={`num${r.outdated ? ' warn' : ''}`}>{r.outdated}</td>
                <td className={`num${r.missing ? ' warn' : ''}`}>{r.missing}</td>
                <td className={`num${r.orphans ? ' warn' : ''}`}>{r.orphans}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="num">{total('items')}</td>
              <td className="num">{total('translated')}</td>
              <td className="num">{total('outdated')}</td>
              <td className="num">{total('missing')}</td>
              <td className="num">{total('orphans')}</td>
            </tr>
          </tfoot>
        </table>
      </TableScroll>
      <h3>{info.pending.length ? `${plural(info.pending.length, 'item')} to do` : 'Nothing to do'}</h3>
      {info.pending.length ? (
        <ul className="pending" aria-label={`${name} translations to do`}>
          {info.pending.map((p) => (
            <li key={p.translation.file} className="pending__item" data-state={p.state} data-file={p.translation.file}>
              <p className="pending__head">
                <Badge tone={STATE[p.state].tone}>{STATE[p.state].text}</Badge> {p.state === 'missing' ? <code>{p.translation.file}</code> : <FileLink at={p.translation} />}
                {p.source ? <span className="muted"> translates <FileLink at={p.source} /></span> : null}
              </p>
              <p className="pending__what">{STATE[p.state].what}</p>
              {p.command ? <p className="pending__fix"><strong>Run:</strong> <code className="command">{p.command}</code>{p.state === 'missing' && p.source ? <> or <StartTranslation source={p.source.file} writable={writable} /></> : null}</p> : null}
              {p.pages.length ? (
                <p className="pending__pages">
                  <span className="muted">{p.state === 'missing' ? 'Shown in English on' : 'Shown on'} </span>
                  {p.pages.map((page) => <a key={page} className="page-path" href={page} target="_blank" rel="noopener"><code>{page}</code></a>)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="ok">✓ Every {name} item is translated and up to date.</p>
      )}
    </section>
  );
}

/** `site translate start` from the admin: the translation is created and opened beside its English. */
function StartTranslation({ source, writable }: { source: string; writable: boolean }) {
  const [error, setError] = useState<string>();
  const start = async () => {
    try {
      const { path } = await postJson<{ path: string }>('/_admin/api/translation', { path: contentRel(source), action: 'start' });
      location.hash = `#edit?path=${encodeURIComponent(path)}`;
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <>
      <button type="button" className="button button--small" onClick={start} disabled={!writable}>Start it here</button>
      {error ? <span className="text-invalid" role="alert"> {error}</span> : null}
    </>
  );
}
