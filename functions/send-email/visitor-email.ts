// The e-mails a visitor receives, in the visitor's language: the receipt of a lead ("we got it,
// here is what happens next") and the request to confirm a subscription (double opt-in). Pure.
//
// Anyone can type anyone's address into a form, so these e-mails carry none of what the visitor
// typed (no name, no message, no company): only our own copy, the form's kind and the date. A
// stranger's address then gets at most one plain receipt per form per day (lead.ts), which is
// useless for spam. Each carries the sender's identification and an unsubscribe link (CASL).
import { escapeHtml } from '../../common/html.ts';
import type { LeadEmail } from './mailer.ts';
import type { FormName, Locale } from '../../common/lead/validation.ts';
import type { VisitorEmails } from '../../generator/content/content-types.ts';

/** The copy as content/visitor-emails.yaml declares it (its schema generates the type), facts filled in. */
export type VisitorCopy = VisitorEmails;

export interface VisitorLinks { unsubscribe: string; confirm?: string }

const LANG: Record<Locale, string> = { en: 'en-CA', fr: 'fr-CA' };

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The date a lead arrived, in Toronto, as the visitor's language writes it. */
function day(iso: string, locale: Locale): string {
  return new Date(iso).toLocaleDateString(LANG[locale], { timeZone: 'America/Toronto', dateStyle: 'long' });
}

/** "We received your message": sent to the visitor once per address, form and day. */
export function composeReceipt(input: { to: string; form: FormName; receivedAt: string; locale: Locale }, copy: VisitorCopy, sender: string, links: VisitorLinks): LeadEmail {
  const values = { form: copy.forms[input.form], date: day(input.receivedAt, input.locale) };
  const body = fill(input.form === 'job' ? copy.receipt.job : copy.receipt.body, values);
  return message(input.to, fill(copy.receipt.subject, values), [body], input.locale, copy, sender, links);
}

/** "Confirm your subscription": consent counts only once the visitor follows `links.confirm`. */
export function composeOptIn(input: { to: string; locale: Locale }, copy: VisitorCopy, sender: string, links: Required<VisitorLinks>): LeadEmail {
  return message(input.to, copy.optIn.subject, [copy.optIn.body], input.locale, copy, sender, links, { label: copy.optIn.button, href: links.confirm, after: copy.optIn.ignore });
}

function message(to: string, subject: string, paragraphs: string[], locale: Locale, copy: VisitorCopy, sender: string, links: VisitorLinks, action?: { label: string; href: string; after: string }): LeadEmail {
  const f = copy.footer;
  const text = [
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.href, '', action.after, ''] : []),
    '--',
    f.identification,
    f.why,
    `${f.unsubscribe}: ${links.unsubscribe}`,
  ].join('\n');
  const p = (t: string, style = '') => `<p style="margin:0 0 16px${style}">${escapeHtml(t)}</p>`;
  const html = `<!DOCTYPE html><html lang="${LANG[locale]}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#0b1f33;font-size:15px;line-height:1.5">
<table role="presentation" style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px;width:100%"><tr><td>
${paragraphs.map((t) => p(t)).join('\n')}
${action ? `<p style="margin:0 0 16px"><a href="${escapeHtml(action.href)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>\n${p(action.after)}` : ''}
<hr style="border:0;border-top:1px solid #e3e8ef;margin:24px 0 16px">
${p(f.identification, ';font-size:13px;color:#5b6b7c')}
${p(f.why, ';font-size:13px;color:#5b6b7c')}
<p style="margin:0;font-size:13px"><a href="${escapeHtml(links.unsubscribe)}" style="color:#0b5cad">${escapeHtml(f.unsubscribe)}</a></p>
</td></tr></table></body></html>`;
  return { from: sender, to: [to], replyTo: [], subject, text, html };
}
