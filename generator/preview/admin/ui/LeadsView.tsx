// Leads: every form submission made in the preview, newest first, as the lead function
// handled it: the e-mail exactly as SES sends it (HTML in a sandboxed frame, and the plain
// text), the archived JSON and the résumé link. Data from GET /_site/leads (the preview's
// lead function); DELETE /_site/leads clears them, but only the local emulator's archive: with
// LEADS_BUCKET set the leads are real and the preview never deletes them.
import { useCallback, useState, type RefObject } from 'react';
import type { ArchivedLead, LeadsResponse } from '../types.ts';
import { Badge, dateTime, plural, TableScroll } from './common.tsx';
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
  // A same-origin DELETE: the browser sends the Origin header the preview requires for it.
  const clear = useCallback(async () => {
    const response = await fetch(LEADS_URL, { method: 'DELETE' });
    if (!response.ok) {
      const reason = await response.json().then((body: { error?: string }) => body.error, () => undefined);
      setError(`DELETE ${LEADS_URL} answered ${response.status}${reason ? `: ${reason}` : ''}`);
    }
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
  const aws = data?.mode === 'aws';
  const unsent = leads.filter((lead) => lead.status === 'unsent');
  return (
    <section aria-labelledby="leads-heading">
      <h1 id="leads-heading" ref={heading} tabIndex={-1}>Leads</h1>
      {aws ? (
        <p className="lede">
          Every lead in the real bucket <code>{data.bucket}</code> on AWS (<code>LEADS_BUCKET</code> is set), newest first: the
          e-mail SES was sent, the JSON the lead function archived, and the résumé link.
        </p>
      ) : (
        <p className="lede">
          Every form submission made in this preview, newest first: the e-mail exactly as SES sends it, the JSON the lead
          function archives, and the résumé link. Nothing here leaves your computer.
        </p>
      )}
      {data && !data.clearable ? (
        <p className="panel" data-notice="not-clearable">
          {data.notice ?? 'These leads cannot be cleared from the preview.'} Only the local emulator’s archive (
          <code>site preview</code> without <code>LEADS_BUCKET</code>) can be cleared here.
        </p>
      ) : null}
      <div className="toolbar">
        <button type="button" className="button" onClick={refresh}>Refresh</button>
        {data?.inbox ? <a href={data.inbox} target="_blank" rel="noopener">Open the local SES inbox</a> : null}
        <span className="muted" aria-live="polite">{data ? plural(leads.length, 'lead') : ''}</span>
        {data?.clearable && leads.length && !confirming ? (
          <button type="button" className="button button--danger push" onClick={() => setConfirming(true)}>Clear leads</button>
        ) : null}
      </div>
      {confirming && data?.clearable ? (
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
      {unsent.length ? (
        <p className="panel panel--draft" role="status" data-unsent={unsent.length}>
          {plural(unsent.length, 'lead')} not sent yet, the oldest waiting {waited(unsent[unsent.length - 1]!.receivedAt)}. In production the
          scheduled resend sends it within 15 minutes and an alarm goes off after 30; here, run <code>npx site leads resend --local</code>.
        </p>
      ) : null}
      {data?.skipped?.length ? (
        <div className="panel panel--invalid" data-skipped={data.skipped.length}>
          <p>{plural(data.skipped.length, 'object')} under <code>leads/</code> could not be read as a lead and {data.skipped.length === 1 ? 'is' : 'are'} left out (the resend passes over {data.skipped.length === 1 ? 'it' : 'them'} too):</p>
          <ul>{data.skipped.map((s) => <li key={s.key}><code>{s.key}</code>: {s.reason}</li>)}</ul>
        </div>
      ) : null}
      {data && !leads.length ? (
        <p className="panel">No leads yet. Send a form on the preview (the contact page, Get Started, the newsletter) and it appears here.</p>
      ) : null}
      {leads.map((lead) => <Lead key={lead.id} lead={lead} />)}
    </section>
  );
}

/** How long since `iso`, in words: "4 minutes", "2 hours", "3 days". */
function waited(iso: string): string {
  const minutes = Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 60_000));
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes < 48 * 60) return plural(Math.round(minutes / 60), 'hour');
  return plural(Math.round(minutes / 1440), 'day');
}

const CONSENT: Record<string, string> = { none: 'not subscribed', pending: 'asked, not confirmed yet', confirmed: 'subscribed (confirmed)', withdrawn: 'unsubscribed' };

function Lead({ lead }: { lead: ArchivedLead }) {
  const id = `lead-${lead.id}`;
  const email = lead.email;
  return (
    <article className="lead" aria-labelledby={id} data-lead={lead.id} data-form={lead.form}>
      <header className="lead__head">
        <h2 id={id}>{FORMS[lead.form] ?? lead.form} from {lead.message?.from_name || 'an unnamed visitor'}</h2>
        <time dateTime={lead.receivedAt}>{dateTime(lead.receivedAt)}</time>
        {lead.status === 'sent' ? <Badge tone="valid">E-mail sent</Badge> : <Badge tone="draft">E-mail not sent, waiting {waited(lead.receivedAt)}</Badge>}
      </header>
      <dl className="meta">
        <dt>Form</dt><dd><code>{lead.form}</code></dd>
        <dt>Archived as</dt><dd><code>{lead.key}</code></dd>
        <dt>Résumé</dt>
        <dd>{lead.resume ? <a href={lead.resume.url} target="_blank" rel="noopener">{lead.resume.fileName || 'Download'}</a> : <span className="muted">none</span>}</dd>
      </dl>
      <h3>News and offers</h3>
      <dl className="meta" data-consent={lead.consentStanding?.status ?? 'none'}>
        <dt>Asked with this lead</dt><dd>{lead.consent ? <>yes, wording <code>{lead.consent.wording}</code></> : <span className="muted">no</span>}</dd>
        <dt>Address now</dt>
        <dd>
          <strong>{CONSENT[lead.consentStanding?.status ?? 'none']}</strong>
          {lead.consentStanding?.since ? <> since {dateTime(lead.consentStanding.since)}</> : null}
        </dd>
      </dl>
      {lead.consentStanding?.events.length ? (
        <TableScroll label="Table: consent history of this address">
          <table className="table table--compact" aria-label="Consent history of this address">
            <tbody>
              {lead.consentStanding.events.map((e, i) => (
                <tr key={i}><th scope="row">{e.type}</th><td>{dateTime(e.at)}</td><td className="pre">{[e.page && `page ${e.page}`, e.ip && `IP ${e.ip}`, e.wording && `“${e.wording.text}”`].filter(Boolean).join('\n')}</td></tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
      <h3>Where it came from</h3>
      {lead.attribution && Object.keys(lead.attribution).length ? (
        <TableScroll label="Table: attribution">
          <table className="table table--compact" aria-label="Attribution">
            <tbody>
              {Object.entries(lead.attribution).map(([name, value]) => <tr key={name}><th scope="row"><code>{name}</code></th><td>{value}</td></tr>)}
            </tbody>
          </table>
        </TableScroll>
      ) : <p className="muted">Nothing recorded (no landing page, referrer or campaign tags).</p>}
      <h3>Fields</h3>
      <TableScroll label="Table: fields">
        <table className="table table--compact">
          <tbody>
            {Object.entries(lead.fields ?? {}).map(([name, value]) => (
              <tr key={name}><th scope="row"><code>{name}</code></th><td className="pre">{typeof value === 'string' ? value : JSON.stringify(value)}</td></tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
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
