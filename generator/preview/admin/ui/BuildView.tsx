// Build: the last build's stage timings, what the last edit rebuilt, errors, and the recent runs.
import type { RefObject } from 'react';
import type { AdminState, BuildRun } from '../types.ts';
import { Badge, FileLink, ProblemList, plural, servingNote, time, TableScroll } from './common.tsx';

export function BuildView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  const last = state.builds[0];
  return (
    <section aria-labelledby="build-heading">
      <h1 id="build-heading" ref={heading} tabIndex={-1}>Build</h1>
      {!last ? (
        <p className="lede">No build yet.</p>
      ) : (
        <>
          <p className="lede">
            The preview rebuilds only the pages an edit affects. Last run: <strong>{describe(last)}</strong> at {time(last.at)},{' '}
            {last.ms} ms.
          </p>
          <Errors run={last} state={state} />
          <div className="columns">
            <Timings run={last} />
            <Rebuilt run={last} />
          </div>
          <Schedule state={state} />
          <History runs={state.builds} />
        </>
      )}
    </section>
  );
}

const STATUS_WORDS = { scheduled: 'Scheduled', live: 'On the site', expired: 'Expired' } as const;
const STATUS_TONES = { scheduled: 'draft', live: 'valid', expired: 'neutral' } as const;

/** Items with publishAt or expiresAt, and the URLs the URL rule retires: what changes on its own, and when. */
function Schedule({ state }: { state: AdminState }) {
  const { schedule } = state;
  return (
    <section aria-labelledby="schedule-heading">
      <h2 id="schedule-heading">Scheduled and expired</h2>
      <p>
        The site as it is {schedule.shifted ? <strong>at {schedule.atLocal} (site preview --at)</strong> : <>now, {schedule.atLocal}</>}. Items go up at their
        publishAt and come down at their expiresAt ({schedule.zone.split('/').pop()!.replace(/_/g, ' ')} time); the site is published every hour.
      </p>
      {schedule.items.length ? (
        <TableScroll label="Table: scheduled and expired items">
          <table className="table table--compact">
            <thead>
              <tr><th scope="col">Item</th><th scope="col">Status</th><th scope="col">Publishes</th><th scope="col">Expires</th><th scope="col">File</th></tr>
            </thead>
            <tbody>
              {schedule.items.map((item) => (
                <tr key={item.file.file}>
                  <th scope="row">{item.status === 'live' && item.paths[0] ? <a href={item.paths[0]} target="_blank" rel="noopener">{item.title}</a> : item.title}</th>
                  <td><Badge tone={STATUS_TONES[item.status]}>{STATUS_WORDS[item.status]}</Badge></td>
                  <td>{item.publishAt ?? <span className="muted">no date</span>}</td>
                  <td>{item.expiresAt ?? <span className="muted">no date</span>}</td>
                  <td><FileLink at={item.file} location={false} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="muted">Nothing is scheduled: no item has a publishAt or an expiresAt.</p>
      )}
      {schedule.redirects.length > 0 && (
        <details>
          <summary>{plural(schedule.redirects.length, 'retired URL')} (content/redirects.yaml and expired items)</summary>
          <ul className="plain">
            {schedule.redirects.map((r) => <li key={r.from}><code>{r.from}</code> → {r.status === 301 ? <><code>{r.to}</code> (301)</> : '410 Gone'}</li>)}
          </ul>
        </details>
      )}
    </section>
  );
}

function describe(run: BuildRun): string {
  const more = run.editedCount > run.edited.length ? ` and ${run.editedCount - run.edited.length} more` : '';
  const what = run.kind === 'full' ? 'full build' : `edit of ${run.edited.join(', ') || 'a file'}${more}`;
  if (run.error) return `${what}: the generator failed`;
  if (run.problems) return `${what}: ${plural(run.problems, 'content problem')}`;
  return `${what}: ${plural(run.rerenderedCount, 'page')} rendered`;
}

function Errors({ run, state }: { run: BuildRun; state: AdminState }) {
  if (run.error) {
    return (
      <section className="panel panel--invalid" aria-labelledby="error-heading">
        <h2 id="error-heading">The generator failed</h2>
        <p>This is a bug in the site tool, not in your content. {servingNote(state)} Please report the text below.</p>
        <pre className="stack">{run.error.stack}</pre>
      </section>
    );
  }
  if (state.problems.length) {
    return (
      <section className="panel panel--invalid" aria-labelledby="error-heading">
        <h2 id="error-heading">{plural(state.problems.length, 'content problem')}</h2>
        <p>{servingNote(state)} <a href="#content">See them by file in Content</a>.</p>
        <ProblemList problems={state.problems} />
      </section>
    );
  }
  return <p className="panel panel--valid">✓ No errors: the last build succeeded.</p>;
}

function Timings({ run }: { run: BuildRun }) {
  const max = Math.max(1, ...run.timings.map((t) => t.ms));
  return (
    <section aria-labelledby="timings-heading">
      <h2 id="timings-heading">Stage timings</h2>
      {run.timings.length ? (
        <TableScroll label="Table: stage timings">
          <table className="table table--compact timings">
            <thead>
              <tr><th scope="col">Stage</th><th scope="col" className="num">Time</th><th scope="col"><span className="visually-hidden">Share</span></th></tr>
            </thead>
            <tbody>
              {run.timings.map((t, i) => (
                <tr key={i}>
                  <th scope="row">{t.stage}</th>
                  <td className="num">{t.ms.toFixed(1)} ms</td>
                  <td className="bar-cell"><span className="timing-bar" style={{ width: `${(t.ms / max) * 100}%` }} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="muted">No stages ran.</p>
      )}
    </section>
  );
}

function Rebuilt({ run }: { run: BuildRun }) {
  return (
    <section aria-labelledby="rebuilt-heading">
      <h2 id="rebuilt-heading">{run.kind === 'full' ? 'What the first build made' : 'What the last edit rebuilt'}</h2>
      <dl className="meta">
        <dt>Edited</dt>
        <dd>
          {run.edited.length ? run.edited.map((f) => <div key={f}><code>{f}</code></div>) : <span className="muted">nothing (start of the preview)</span>}
          {run.editedCount > run.edited.length && <div className="muted">and {run.editedCount - run.edited.length} more</div>}
        </dd>
        <dt>Pages</dt>
        <dd>
          {run.rerenderedCount ? (
            <details>
              <summary>{plural(run.rerenderedCount, 'page')} re-rendered</summary>
              <ul className="plain">{run.rerendered.map((p) => <li key={p}><a href={p} target="_blank" rel="noopener"><code>{p}</code></a></li>)}</ul>
            </details>
          ) : 'none'}
        </dd>
        <dt>Files</dt>
        <dd>
          {run.writtenCount ? (
            <details>
              <summary>{plural(run.writtenCount, 'file')} changed</summary>
              <ul className="plain">{run.written.map((f) => <li key={f}><code>{f}</code></li>)}</ul>
            </details>
          ) : 'none'}
        </dd>
      </dl>
    </section>
  );
}

function History({ runs }: { runs: BuildRun[] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">Recent runs</h2>
      <TableScroll label="Table: recent runs">
        <table className="table table--compact">
          <thead>
            <tr><th scope="col">Time</th><th scope="col">Run</th><th scope="col" className="num">Pages</th><th scope="col" className="num">Files</th><th scope="col" className="num">Duration</th><th scope="col">Result</th></tr>
          </thead>
          <tbody>
            {runs.map((run, i) => (
              <tr key={i}>
                <td>{time(run.at)}</td>
                <td>{run.kind === 'full' ? 'Full build' : run.edited.map((f) => <div key={f}><code>{f}</code></div>)}</td>
                <td className="num">{run.rerenderedCount}</td>
                <td className="num">{run.writtenCount}</td>
                <td className="num">{run.ms} ms</td>
                <td>{run.error ? <span className="text-invalid">Generator error</span> : run.problems ? <span className="text-invalid">{plural(run.problems, 'problem')}</span> : <span className="text-valid">OK</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </section>
  );
}
