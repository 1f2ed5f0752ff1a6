// Leads: every form submission made in the preview, newest first, as the lead function
// handled it: the e-mail exactly as SES sends it (HTML in a sandboxed frame, and the plain
// text), the archived JSON and the résumé link. Data from GET /_site/leads (the preview's
// lead function); DELETE /_site/leads clears them.
import { useCallback, useState, type RefObject } from 'react';
import type { ArchivedLead, LeadsResponse } from '../types.ts';
import { Badge, dateTime, plural } from './common.tsx';
import { usePolling } from './hooks.ts';

export const LEADS_URL = '/_site/leads';

export interface Leads {
  data?: LeadsResponse;
  error?: string;
  refresh(): void;
  clear(): Promise<void>;
}

/** The preview's leads, fetched once and every 3 s while the Leads section is open. */
export function useLeads(active: boolean): Leads {
  const [data, setData] = useState<LeadsResponse>();
  const [error, setError] = useState<string>();
  const refresh = useCallback(() => {
    fetch(LEADS_URL, { cache: 'no-store' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`GET ${LEADS_URL} answered ${response.status} ${response.statusText}`.trim());
        setData((await response.json()) as LeadsResponse);
        setError(undefined);
      })
      .catch((e: Error) => setError(e.message));
  }, []);
  usePolling(refresh, active ? 3000 : 60_000, true);
  const clear = useCallback(async () => {
    const response = await fetch(LEADS_URL, { method: 'DELETE' });
    if (!response.ok) setError(`DELETE ${LEADS_URL} answered ${response.status}`);
    refresh();
  }, [refresh]);
  return { data, error, refresh, clear };
}

const FORMS: Record<string, string> = {
  wizard: 'Get started request',
  contact: 'Contact message',
  newsletter: 'Newsletter sign-up',
  partner: 'Partner application',
  job: 'Job application',
};

export function LeadsView({ data, error, refresh, clear, heading }: Leads & { heading?: RefObject<HTMLHeadingElement | null> }) {
  const [confirming, setConfirming] = useState(false);
  const leads = [...(data?.leads ?? [])].sort((a, b) => b.receivedAt.localeCompare(a.receivedAt));
  return (
    <section aria-labelledby="leads-heading">
      <h1 id="leads-heading" ref={heading} tabIndex={-1}>Leads</h1>
      <p className="lede">
        Every form submission made in this preview, newest first: the e-mail exactly as SES sends it, the JSON the lead
        function archives, and the résumé link. Nothing here leaves your computer.
      </p>
      <div className="toolbar">
        <button type="button" className="button" onClick={refresh}>Refresh</button>
        {data?.inbox ? <a href={data.inbox} target="_blank" rel="noopener">Open the local SES inbox</a> : null}
        <span className="muted" aria-live="polite">{data ? plural(leads.length, 'lead') : ''}</span>
        {leads.length && !confirming ? (
          <button type="button" className="button button--danger push" onClick={() => setConfirming(true)}>Clear leads</button>
        ) : null}
      </div>
      {confirming ? (
        <div className="panel panel--draft confirm" role="group" aria-label="Confirm clearing leads">
          <p>Delete {plural(leads.length, 'lead')} from the local archive and inbox? This cannot be undone.</p>
          <button type="button" className="button button--danger" onClick={() => { setConfirming(false); void clear(); }}>Delete all leads</button>
          <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>Keep them</button>
        </div>
      ) : null}
      {error ? (
        <p className="panel panel--invalid" role="alert">
          The leads could not be read: {error}. The lead function runs inside <code>site preview</code>; restart it if it stopped.
        </p>
      ) : null}
      {data && !leads.length ? (
        <p className="panel">No leads yet. Send a form on the preview (the contact page, Get Started, the newsletter) and it appears here.</p>
      ) : null}
      {leads.map((lead) => <Lead key={lead.id} lead={lead} />)}
    </section>
  );
}

function Lead({ lead }: { lead: ArchivedLead }) {
  const id = `lead-${lead.id}`;
  const email = lead.email;
  return (
    <article className="lead" aria-labelledby={id} data-lead={lead.id} data-form={lead.form}>
      <header className="lead__head">
        <h2 id={id}>{FORMS[lead.form] ?? lead.form} from {lead.message?.from_name || 'an unnamed visitor'}</h2>
        <time dateTime={lead.receivedAt}>{dateTime(lead.receivedAt)}</time>
        {lead.status === 'sent' ? <Badge tone="valid">E-mail sent</Badge> : <Badge tone="draft">E-mail not sent</Badge>}
      </header>
      <dl className="meta">
        <dt>Form</dt><dd><code>{lead.form}</code></dd>
        <dt>Archived as</dt><dd><code>{lead.key}</code></dd>
        <dt>Résumé</dt>
        <dd>{lead.resume ? <a href={lead.resume.url} target="_blank" rel="noopener">{lead.resume.fileName || 'Download'}</a> : <span className="muted">none</span>}</dd>
      </dl>
      <h3>Fields</h3>
      <table className="table table--compact">
        <tbody>
          {Object.entries(lead.fields ?? {}).map(([name, value]) => (
            <tr key={name}><th scope="row"><code>{name}</code></th><td className="pre">{typeof value === 'string' ? value : JSON.stringify(value)}</td></tr>
          ))}
        </tbody>
      </table>
      <h3>E-mail</h3>
      {email ? (
        <>
          <dl className="meta">
            <dt>From</dt><dd>{email.from}</dd>
            <dt>To</dt><dd>{email.to.join(', ')}</dd>
            <dt>Reply-To</dt><dd>{email.replyTo.join(', ') || <span className="muted">none</span>}</dd>
            <dt>Subject</dt><dd><strong>{email.subject}</strong></dd>
          </dl>
          <div className="email">
            <figure>
              <figcaption>As HTML</figcaption>
              <iframe sandbox="" srcDoc={email.html} title={`E-mail “${email.subject}” as HTML`} />
            </figure>
            <figure>
              <figcaption>As plain text</figcaption>
              <pre className="email__text">{email.text}</pre>
            </figure>
          </div>
        </>
      ) : (
        <p className="muted">No e-mail was composed for this lead.</p>
      )}
      <details>
        <summary>Archived JSON</summary>
        <pre className="json">{JSON.stringify(lead.archived ?? lead, null, 2)}</pre>
      </details>
    </article>
  );
}
