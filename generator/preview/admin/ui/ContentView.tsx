// Content: every collection and item with its status (valid, draft, invalid) and, for an
// invalid one, each problem located. Updates as files are saved (the state is pushed).
import { useState, type RefObject } from 'react';
import type { AdminState, CollectionInfo, ItemInfo, ItemStatus } from '../types.ts';
import { NewItem } from './editor/NewItem.tsx';
import { FileLink, LanguageTag, ProblemList, StatusBadge, collectionLabel as label, languageName, plural, servingNote, TableScroll } from './common.tsx';

type Filter = 'all' | ItemStatus;

export function ContentView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  const [filter, setFilter] = useState<Filter>('all');
  const items = state.collections.flatMap((c) => c.items);
  const count = (s: ItemStatus) => items.filter((i) => i.status === s).length;
  const filters: { id: Filter; label: string }[] = [
    { id: 'all', label: `All (${items.length})` },
    { id: 'invalid', label: `Invalid (${count('invalid')})` },
    { id: 'draft', label: `Drafts (${count('draft')})` },
    { id: 'valid', label: `Valid (${count('valid')})` },
  ];
  const keep = (c: CollectionInfo) => ({ ...c, items: c.items.filter((i) => filter === 'all' || i.status === filter) });
  // The single files (site.yaml, navigation.yaml…) make one table; each folder gets its own.
  const singles = state.collections.filter((c) => c.single).map((c) => keep({ ...c, items: c.items.map((i) => ({ ...i, title: label(c.name) })) }));
  const siteWide: CollectionInfo = { name: 'site-wide', location: '', single: true, items: singles.flatMap((c) => c.items) };
  const shown = [siteWide, ...state.collections.filter((c) => !c.single).map(keep)].filter((c) => c.items.length || filter === 'all');
  return (
    <section aria-labelledby="content-heading">
      <h1 id="content-heading" ref={heading} tabIndex={-1}>Content</h1>
      <p className="lede">
        Every file in <code>content/</code>, by collection; each French file (<code>content/fr/</code>) right after the
        English one it translates. Drafts show in the preview and here, never in <code>site build</code>.
        This page follows your edits: save a file and its status changes here without a reload.
        Open any file's form with <strong>Edit</strong>.
      </p>
      <NewItem writable={state.writable} />
      <div className="summary" data-testid="content-summary">
        <span className="summary__item summary__item--valid">{plural(count('valid'), 'valid item')}</span>
        <span className="summary__item summary__item--draft">{plural(count('draft'), 'draft')}</span>
        <span className="summary__item summary__item--invalid">{plural(count('invalid'), 'invalid item')}</span>
      </div>
      {state.problems.length ? (
        <section className="panel panel--invalid" aria-labelledby="problems-heading">
          <h2 id="problems-heading">{plural(state.problems.length, 'content problem')} to fix</h2>
          <p>{servingNote(state)}</p>
          <ProblemList problems={state.problems} />
        </section>
      ) : (
        <p className="panel panel--valid">✓ No content problems: every file is valid.</p>
      )}
      <div className="toolbar" role="group" aria-label="Show items">
        {filters.map((f) => (
          <button key={f.id} type="button" className="button button--toggle" aria-pressed={filter === f.id} onClick={() => setFilter(f.id)}>
            {f.label}
          </button>
        ))}
      </div>
      {shown.map((c) => <Collection key={c.name} collection={c} />)}
    </section>
  );
}

function Collection({ collection }: { collection: CollectionInfo }) {
  const id = `collection-${collection.name}`;
  return (
    <section className="collection" aria-labelledby={id} data-collection={collection.name}>
      <h2 id={id}>
        {label(collection.name)} {collection.location ? <code className="muted">{collection.location}</code> : null}
      </h2>
      {collection.items.length ? (
        <TableScroll label={`Table: ${label(collection.name)}`}>
          <table className="table table--items">
            <colgroup><col className="c-item" /><col className="c-file" /><col className="c-status" /><col /></colgroup>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Pages</th>
              </tr>
            </thead>
            <tbody>{collection.items.map((item) => <Item key={item.at.file} item={item} everyPage={collection.single} />)}</tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="muted">No files.</p>
      )}
    </section>
  );
}

function Item({ item, everyPage }: { item: ItemInfo; everyPage: boolean }) {
  return (
    <>
      <tr data-file={item.at.file} data-locale={item.locale} className={`item item--${item.status}`}>
        <th scope="row">{item.locale === 'en' ? item.title : <><LanguageTag locale={item.locale} /> <span lang={item.locale}>{item.title}</span></>}</th>
        <td><FileLink at={item.at} /></td>
        <td><StatusBadge status={item.status} /></td>
        <td>
          {everyPage ? (
            <span className="muted">{item.locale === 'en' ? 'Every page' : `Every ${languageName(item.locale)} page`}</span>
          ) : item.pages.length > 3 ? (
            <span className="muted">{item.pages.length} pages</span>
          ) : (
            item.pages.map((p) => <a key={p} className="page-path" href={p} target="_blank" rel="noopener"><code>{p}</code></a>)
          )}
        </td>
      </tr>
      {item.problems.length ? (
        <tr className="item__problems">
          <td colSpan={4}><ProblemList problems={item.problems} /></td>
        </tr>
      ) : null}
    </>
  );
}

