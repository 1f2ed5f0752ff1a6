// Checks: broken internal links, French pages linking to English ones, images without alt text,
// heavy images, pages over the JavaScript budget, missing descriptions, site facts typed out,
// translations to do; each with the file to fix, on the pages of every language.
import type { RefObject } from 'react';
import type { Code } from '../../../problems/errors.ts';
import type { AdminState, CheckInfo } from '../types.ts';
import { FileLink, kb, plural, TableScroll } from './common.tsx';

// Each group is one code of the catalogue (generator/problems/errors.ts); a check of another code (a
// warning added later) is listed under "Other warnings".
const KINDS: { kind: Code; title: (s: AdminState) => string; none: string; also?: (c: CheckInfo) => boolean }[] = [
  { kind: 'broken-link', title: () => 'Broken internal links', none: 'Every internal link goes to a page that exists.', also: (c) => c.code === 'not-a-site-path' },
  { kind: 'link-to-english', title: () => 'French pages linking to English pages', none: 'French pages link to French pages (the language switch excepted).' },
  // An alt field that is missing or empty is the validator's problem, listed here too.
  { kind: 'missing-alt', title: () => 'Images without alt text', none: 'Every image has alt text (or is marked decorative).', also: (c) => /alt$/i.test(c.path) },
  { kind: 'heavy-image', title: (s) => `Images over ${round(s.budgets.imageBytes)}`, none: 'No image is over the limit.' },
  { kind: 'js-budget', title: (s) => `Pages over their JavaScript budget (${round(s.budgets.jsGzip)} unless site.yaml gives one)`, none: 'Every page is within its budget.' },
  { kind: 'missing-description', title: () => 'Missing descriptions', none: 'Every page has a description of its own.' },
  { kind: 'fact-literal', title: () => 'Site facts typed out', none: 'Copy names the facts of site.yaml by placeholder ({phone}, {email}…).' },
  { kind: 'translation-outdated', title: () => 'Translations to do (the Translations section has the commands)', none: 'Every translation is up to date, and every item has one.', also: (c) => c.code === 'translation-missing' || c.code === 'translation-orphan' },
];

const round = (bytes: number) => kb(bytes).replace('.0 ', ' ');

const OTHER = 'other' as Code;

/** The group a check is listed in. */
function groupOf(c: CheckInfo): Code {
  return KINDS.find((k) => k.kind === c.code || k.also?.(c))?.kind ?? OTHER;
}

/** A group for checks of codes the list above does not name, when there are any. */
function others(state: AdminState): typeof KINDS {
  return state.checks.some((c) => groupOf(c) === OTHER) ? [{ kind: OTHER, title: () => 'Other warnings', none: '' }] : [];
}

function pageBudgets(state: AdminState): string {
  const pages = Object.entries(state.budgets.pages);
  return pages.length ? ` (${pages.map(([path, bytes]) => `${path}: ${round(bytes)}`).join(', ')})` : ' (the home page\u2019s budget)';
}

export function ChecksView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="checks-heading">
      <h1 id="checks-heading" ref={heading} tabIndex={-1}>Checks</h1>
      <p className="lede">
        What to fix beyond the content schemas, each with the file to fix it in: the warnings <code>site build</code> prints
        (and <code>site build --strict</code> fails on). Budgets, set in <code>content/site.yaml</code>: JavaScript{' '}
        <strong>{round(state.budgets.jsGzip)} gzip per page</strong>{pageBudgets(state)}, images{' '}
        <strong>{round(state.budgets.imageBytes)}</strong> each. A description is missing when a page has none, uses the
        site&rsquo;s default, or borrows another field.
      </p>
      <p className="summary">{state.checks.length ? plural(state.checks.length, 'thing', 'things') + ' to look at' : '✓ Nothing to fix.'}</p>
      {[...KINDS, ...others(state)].map(({ kind, title, none }) => {
        const checks = state.checks.filter((c) => groupOf(c) === kind);
        const id = `check-${kind}`;
        return (
          <section key={kind} className="check-group" aria-labelledby={id} data-kind={kind}>
            <h2 id={id}>
              {title(state)} <span className={`count count--${checks.length ? 'draft' : 'valid'}`}>{checks.length}</span>
            </h2>
            {checks.length ? (
              <TableScroll label={`Table: ${title(state)}`}>
                <table className="table">
                  <thead>
                    <tr>
                      <th scope="col">File to fix</th>
                      <th scope="col">Problem</th>
                      <th scope="col">How to fix</th>
                      <th scope="col">Pages</th>
                    </tr>
                  </thead>
                  <tbody>
                    {checks.map((c, i) => (
                      <tr key={i}>
                        <td><FileLink at={c.at} field={c.path || undefined} /></td>
                        <td>{c.path ? <><code>{c.path}</code>: </> : null}{c.message}</td>
                        <td>{c.hint}</td>
                        <td>
                          {c.pages.length > 4 ? (
                            <span className="muted">{c.pages.length} pages</span>
                          ) : (
                            c.pages.map((p) => <a key={p} className="page-path" href={p} target="_blank" rel="noopener"><code>{p}</code></a>)
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            ) : (
              <p className="ok">✓ {none}</p>
            )}
          </section>
        );
      })}
    </section>
  );
}
