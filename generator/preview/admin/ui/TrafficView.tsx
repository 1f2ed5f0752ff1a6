// Traffic: visits, sources, campaigns and conversions, from the access log and the leads: the
// report `site report` prints, for the preview's own log (or production's, with
// `site preview --logs-bucket`). No cookie or script on the site is involved; the report holds counts only.
import { useEffect, useState, type RefObject } from 'react';
import type { AdminState } from '../types.ts';
import type { FormFunnel, Report, Row } from '../../../traffic/report.ts';
import { getJson } from './editor/api.ts';
import { TableScroll, plural } from './common.tsx';

const pct = (v: number | null) => (v === null ? '–' : `${(v * 100).toFixed(1)}%`);
const signed = (v: number | null) => (v === null ? 'new' : `${v >= 0 ? '+' : ''}${(v * 100).toFixed(0)}%`);
const FORMS: Record<string, string> = { contact: 'Contact', wizard: 'Get started', newsletter: 'Newsletter', partner: 'Partner', job: 'Job application' };

export function TrafficView({ state, heading }: { state: AdminState; heading: RefObject<HTMLHeadingElement | null> }) {
  const [days, setDays] = useState(7);
  const [data, setData] = useState<{ source: string; report: Report | null }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    getJson<{ source: string; report: Report | null }>(`/_admin/api/traffic?days=${days}`).then(setData, (e: Error) => setError(e.message));
  }, [days, state.at]);
  const report = data?.report;
  return (
    <section aria-labelledby="traffic-heading">
      <h1 id="traffic-heading" ref={heading} tabIndex={-1}>Traffic</h1>
      <p className="lede">
        Visits, where they came from and the leads they became, counted from the access log
        {data?.source.startsWith('s3://') ? <> in <code>{data.source}</code> (production)</> : <> this preview writes, in CloudFront&rsquo;s format</>}: no cookie, no script on the page, no third party.
        Crawlers are counted apart; a reload of the same page within 30 minutes counts once. The same report is <code>npx site report</code>.
      </p>
      <div className="toolbar" role="group" aria-label="Period">
        {[7, 30, 90].map((d) => <button key={d} type="button" className="button button--toggle" aria-pressed={d === days} onClick={() => setDays(d)}>Last {d} days</button>)}
      </div>
      {error ? <p className="panel panel--invalid" role="alert">{error}</p> : null}
      {!data ? <p>Loading…</p> : !report ? (
        <p className="panel">This preview writes no access log (it was started with <code>--no-access-log</code>).</p>
      ) : (
        <>
          <div className="kpis" data-testid="traffic-totals">
            <Kpi label="Visits" value={String(report.totals.visits)} note={`${signed(report.totals.change)} on the ${days} days before`} />
            <Kpi label="Leads" value={String(report.totals.leads)} note={plural(report.forms.filter((f) => f.leads).length, 'form')} />
            <Kpi label="Conversion" value={pct(report.totals.rate)} note="leads ÷ visits" />
            <Kpi label="Crawlers and bots" value={String(report.totals.botRequests)} note="requests, not counted as visits" />
          </div>
          <Daily days={report.daily} />
          <h2>Forms: visits → form page → leads</h2>
          <Funnels forms={report.forms} />
          <Table title="Campaigns" caption="UTM source / medium / campaign of the visit's first page" rows={report.campaigns} testid="traffic-campaigns" />
          <Table title="Pages" caption="page views by people" rows={report.pages} testid="traffic-pages" />
          <Table title="Languages" rows={report.languages} testid="traffic-languages" />
          <Table title="Referrers" caption="the site a visit came from" rows={report.referrers} testid="traffic-referrers" />
          <Table title="Entry pages" caption="the first page of a visit, and the leads that landed there" rows={report.entryPages} testid="traffic-entries" />
        </>
      )}
    </section>
  );
}

function Kpi({ label, value, note }: { label: string; value: string; note: string }) {
  return <div className="kpi"><span className="kpi__label">{label}</span><strong className="kpi__value">{value}</strong><span className="kpi__note">{note}</span></div>;
}

/** Visits and leads per day, as a small bar chart (an SVG, with the numbers in its text alternative). */
function Daily({ days }: { days: Report['daily'] }) {
  const max = Math.max(1, ...days.map((d) => d.visits));
  const w = 640;
  const h = 120;
  // Room above the tallest bar for its day's lead dot.
  const scale = h - 14;
  const bar = w / Math.max(1, days.length);
  const label = days.map((d) => `${d.date}: ${d.visits} visits, ${d.leads} leads`).join('; ');
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${w} ${h + 18}`} role="img" aria-label={`Visits and leads per day. ${label}`}>
        {days.map((d, i) => (
          <g key={d.date}>
            <rect x={i * bar + 2} y={h - (d.visits / max) * scale} width={Math.max(1, bar - 4)} height={(d.visits / max) * scale} className="chart__visits" />
            {d.leads ? <circle cx={i * bar + bar / 2} cy={h - (d.visits / max) * scale - 7} r={5} className="chart__leads" /> : null}
            {days.length <= 31 ? <text x={i * bar + bar / 2} y={h + 14} textAnchor="middle" className="chart__axis">{d.date.slice(8)}</text> : null}
          </g>
        ))}
      </svg>
      <figcaption>Visits per day (bars); a dot marks a day with leads.</figcaption>
    </figure>
  );
}

function Funnels({ forms }: { forms: FormFunnel[] }) {
  return (
    <ul className="funnels" data-testid="traffic-forms">
      {forms.map((f) => {
        const max = Math.max(1, f.visits);
        return (
          <li key={f.form} className="funnel" data-form={f.form}>
            <span className="funnel__name">{FORMS[f.form] ?? f.form}</span>
            <svg viewBox="0 0 300 18" role="img" aria-label={`${f.visits} visits, ${f.formPageVisits} on the form's page, ${f.leads} leads`} className="funnel__bars">
              <rect x="0" y="2" width={300} height="14" className="funnel__all" />
              <rect x="0" y="2" width={(f.formPageVisits / max) * 300} height="14" className="funnel__page" />
              <rect x="0" y="2" width={Math.max(f.leads ? 2 : 0, (f.leads / max) * 300)} height="14" className="funnel__leads" />
            </svg>
            <span className="funnel__numbers">{f.visits} → {f.formPageVisits} → <strong>{f.leads}</strong> ({pct(f.rate)} of the form page&rsquo;s visits)</span>
          </li>
        );
      })}
    </ul>
  );
}

function Table({ title, caption, rows, testid }: { title: string; caption?: string; rows: Row[]; testid: string }) {
  const max = Math.max(1, ...rows.map((r) => r.visits));
  return (
    <section aria-label={title}>
      <h2>{title}</h2>
      {caption ? <p className="muted">{caption}</p> : null}
      {!rows.length ? <p className="muted">None in this period.</p> : (
        <TableScroll label={`Table: ${title}`}>
          <table className="table table--compact" data-testid={testid}>
            <thead><tr><th scope="col"></th><th scope="col" className="num">Visits</th><th scope="col" aria-hidden="true"></th><th scope="col" className="num">Leads</th><th scope="col" className="num">Conversion</th><th scope="col" className="num">Before</th><th scope="col" className="num">Change</th></tr></thead>
            <tbody>
              {rows.slice(0, 25).map((r) => (
                <tr key={r.key} data-key={r.key}>
                  <th scope="row"><code>{r.key}</code></th>
                  <td className="num">{r.visits}</td>
                  <td aria-hidden="true"><svg viewBox="0 0 100 8" className="spark"><rect x="0" y="0" width={(r.visits / max) * 100} height="8" /></svg></td>
                  <td className="num">{r.leads}</td>
                  <td className="num">{pct(r.rate)}</td>
                  <td className="num">{r.previous}</td>
                  <td className="num">{signed(r.change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
