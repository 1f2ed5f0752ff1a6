// The admin's Leads view, rendered on the server from a fixture shaped like GET /_site/leads.
import { describe, expect, test } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { LeadsView } from '../../../generator/preview/admin/ui/LeadsView.tsx';
import type { ArchivedLead, LeadsResponse } from '../../../generator/preview/admin/types.ts';

const lead = (over: Partial<ArchivedLead>): ArchivedLead => ({
  id: '20240521-101500-aaaa',
  form: 'contact',
  receivedAt: '2024-05-21T10:15:00.000Z',
  status: 'sent',
  fields: { name: 'Ana Silva', email: 'ana@fleet.ca', additionalInfo: 'Twelve vans.' },
  message: { from_name: 'Ana Silva', from_email: 'ana@fleet.ca', phone_number: '4165550123', message: 'Twelve vans.' },
  email: {
    from: 'Trillium Fleet website <leads@trilliumfleet.example>',
    to: ['sales@trilliumfleet.example'],
    replyTo: ['ana@fleet.ca'],
    subject: 'Contact message: Ana Silva',
    text: 'Contact message from the website\nName: Ana Silva',
    html: '<!DOCTYPE html><html><body><h1 style="color:red">Contact message from Ana Silva</h1><script>alert(1)</script></body></html>',
  },
  key: 'leads/2024/05/21/20240521-101500-aaaa.json',
  archived: { id: '20240521-101500-aaaa', via: 'json' },
  ...over,
});

/** The answer of a preview on the local emulators (the default). */
const local = (leads: ArchivedLead[], inbox: string | null = null): LeadsResponse => ({ mode: 'local', bucket: null, clearable: true, notice: null, inbox, leads });

const render = (data: LeadsResponse | undefined, error?: string) =>
  renderToStaticMarkup(createElement(LeadsView, { data, error, refresh: () => {}, clear: async () => {} }));

describe('admin Leads view', () => {
  test("shows a lead's e-mail as HTML in a sandboxed frame and as plain text, with the archived JSON", () => {
    const html = render(local([lead({})], 'http://127.0.0.1:9999/'));
    expect(html).toContain('Contact message from Ana Silva</h2>');
    expect(html).toMatch(/<iframe sandbox="" srcDoc="[^"]*&lt;script&gt;alert\(1\)&lt;\/script&gt;[^"]*" title="E-mail “Contact message: Ana Silva” as HTML">/);
    expect(html).toContain('<pre class="email__text">Contact message from the website\nName: Ana Silva</pre>');
    expect(html).toContain('sales@trilliumfleet.example');
    expect(html).toContain('leads/2024/05/21/20240521-101500-aaaa.json');
    expect(html).toContain('&quot;via&quot;: &quot;json&quot;');
    expect(html).toContain('href="http://127.0.0.1:9999/"');
    expect(html).toContain('Clear leads');
  });

  test('lists leads newest first, with the résumé link and unsent ones marked', () => {
    const html = render(local([
      lead({ id: 'old', receivedAt: '2024-05-20T09:00:00.000Z', message: { from_name: 'Old Lead', from_email: '', phone_number: '', message: '' } }),
      lead({ id: 'new', form: 'job', status: 'unsent', email: null, resume: { fileName: 'cv.pdf', url: 'http://127.0.0.1:1/resumes/cv.pdf' }, message: { from_name: 'New Lead', from_email: '', phone_number: '', message: '' } }),
    ]));
    expect(html.indexOf('Job application from New Lead')).toBeLessThan(html.indexOf('Contact message from Old Lead'));
    expect(html).toContain('<a href="http://127.0.0.1:1/resumes/cv.pdf" target="_blank" rel="noopener">cv.pdf</a>');
    expect(html).toContain('E-mail not sent');
    expect(html).toContain('No e-mail was composed for this lead.');
  });

  test('says how to make a lead when there is none, and why when the list cannot be read', () => {
    expect(render(local([]))).toContain('No leads yet.');
    expect(render(local([]))).not.toContain('Clear leads');
    expect(render(undefined, 'GET /_site/leads answered 404 Not Found')).toContain('role="alert"');
  });

  test('with LEADS_BUCKET set, the real leads have no Clear button, and the view says why', () => {
    const notice = 'Leads are in the real bucket s3://trillium-leads (AWS, ca-central-1); the preview never deletes them.';
    const html = render({ mode: 'aws', bucket: 's3://trillium-leads', clearable: false, notice, inbox: null, leads: [lead({})] });
    expect(html).not.toContain('Clear leads');
    expect(html).not.toContain('Delete all leads');
    expect(html).not.toContain('Nothing here leaves your computer');
    expect(html).toContain('<code>s3://trillium-leads</code> on AWS');
    expect(html).toContain(notice);
    expect(html).toContain('Contact message from Ana Silva</h2>');
  });
});

describe('admin Leads view: what waits', () => {
  test('says how many leads wait unsent and for how long, and names objects that are not leads', () => {
    const waiting = new Date(Date.now() - 42 * 60_000).toISOString();
    const html = renderToStaticMarkup(createElement(LeadsView, {
      data: { ...local([lead({ id: 'w', status: 'unsent', receivedAt: waiting })]), skipped: [{ key: 'leads/2026/01/02/bad.json', reason: 'not valid JSON' }] },
      refresh: () => {}, clear: async () => {},
    }));
    expect(html).toContain('data-unsent="1"');
    expect(html).toMatch(/1 lead not sent yet, the oldest waiting 42 minutes/);
    expect(html).toContain('E-mail not sent, waiting 42 minutes');
    expect(html).toContain('<code>leads/2026/01/02/bad.json</code>: not valid JSON');
  });
});
