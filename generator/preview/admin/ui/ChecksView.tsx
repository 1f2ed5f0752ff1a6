// Checks: broken internal links, images without alt text, heavy images, pages over the
// JavaScript budget, missing descriptions; each with the file to fix.
import type { RefObject } from 'react';
import type { AdminState, CheckKind } from '../types.ts';
import { FileLink, kb, plural } from './common.tsx';

const KINDS: { kind: CheckKind; title: (s: AdminState) => string; none: string }[] = [
  { kind: 'broken-link', title: () => 'Broken internal links', none: 'Every internal link goes to a page that exists.' },
  { kind: 'missing-alt', title: () => 'Images without alt text', none: 'Every image has alt text (or is marked decorative).' },
  { kind: 'heavy-image', title: (s) => `Images over ${round(s.budgets.imageBytes)}`, none: 'No image is over the limit.' },
  { kind: 'js-budget', title: (s) => `Pages over the ${round(s.budgets.jsGzip)} JavaScript budget`, none: 'Every page is within the budget.' },
  { kind: 'missing-description', title: () => 'Missing descriptions', none: 'Every page has a description of its own.' },
];

const round = (bytes: number) => kb(bytes).replace('.0 ', ' ');

export function ChecksView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <section aria-labelledby="checks-heading">
      <h1 id="checks-heading" ref={heading} tabIndex={-1}>Checks</h1>
      <p className="lede">
        What to fix beyond the content schemas, each with the file to fix it in. Budgets: JavaScript{' '}
        <strong>{round(state.budgets.jsGzip)} gzip per page</strong> (the home page&rsquo;s budget), images{' '}
        <strong>{round(state.budgets.imageBytes)}</strong> each. A description is missing when a page has none, uses the
        site&rsquo;s default, or borrows another field.
      </p>
      <p className="summary">{state.checks.length ? plural(state.checks.length, 'thing', 'things') + ' to look at' : '✓ Nothing to fix.'}</p>
      {KINDS.map(({ kind, title, none }) => {
        const checks = state.checks.filter((c) => c.kind === kind);
        const id = `check-${kind}`;
        return (
          <section key={kind} className="check-group" aria-labelledby={id} data-kind={kind}>
            <h2 id={id}>
              {title(state)} <span className={`count count--${checks.length ? 'draft' : 'valid'}`}>{checks.length}</span>
            </h2>
            {checks.length ? (
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
                      <td><FileLink at={c.at} /></td>
                      <td>{c.message}</td>
                      <td>{c.fix}</td>
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
            ) : (
              <p className="ok">✓ {none}</p>
            )}
          </section>
        );
      })}
    </section>
  );
}
