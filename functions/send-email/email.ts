// The e-mail the sales (or hiring) desk receives for a lead: subject, plain text and HTML.
// Pure. Every visitor value is untrusted: header values lose CR/LF and other control
// characters (no header injection through a name) and Unicode format characters (bidi
// overrides, zero-width, BOM: no Subject that reads differently from what it says), HTML
// bodies escape everything.
import { ATTRIBUTION_KEYS, ATTRIBUTION_LABELS, type Attribution } from '../../common/lead/attribution.ts';
import { escapeHtml } from '../../common/html.ts';
import type { FormName, LeadMessage, Locale } from '../../common/lead/validation.ts';
import type { VisitorCopy } from './visitor-email.ts';
import type { LeadEmail } from './mailer.ts';

export type { LeadEmail } from './mailer.ts';

/** What a lead carries into its e-mail (a subset of the archived lead). */
export interface LeadForEmail {
  id: string;
  form: FormName;
  receivedAt: string;
  fields: Record<string, string>;
  message: LeadMessage;
  /** The language the visitor wrote in; absent on older leads (English). */
  locale?: Locale;
  resume?: { fileName: string; url: string; expiresAt: string };
  /** Where the lead came from (landing page, referrer, UTM), checked. */
  attribution?: Attribution;
  /** Set when the visitor asked for news and offers (the newsletter, or the lead form's box). */
  consent?: { id: string; wording: string };
}

export interface EmailSettings {
  brand: string;
  sender: string;
  salesInbox: string;
  hiringInbox: string;
  /** Field labels per form, from content/forms.yaml (the labels visitors saw). */
  labels: Partial<Record<FormName, Record<string, string>>>;
  /**
   * The same labels as the translated forms show them (content/fr/forms.yaml), for the pages a
   * visitor reads; the e-mail to sales keeps `labels`. A missing label falls back to English.
   */
  translatedLabels?: Partial<Record<Locale, Partial<Record<FormName, Record<string, string>>>>>;
  /** The visitor e-mails' and link pages' copy per language (content/visitor-emails.yaml); English when a language lacks it. */
  visitor?: Partial<Record<Locale, VisitorCopy>>;
  /**
   * The consent statements exactly as each language's pages show them: beside Subscribe
   * (content/pages/blogs.yaml) and beside the lead forms' box (content/forms.yaml). Archived with
   * each consent, with a version id (consent.ts wording()).
   */
  consentText?: Partial<Record<Locale, { newsletter: string; optIn: string }>>;
}

export const FORM_TITLES: Record<FormName, string> = {
  wizard: 'Get started request',
  contact: 'Contact message',
  newsletter: 'Newsletter sign-up',
  partner: 'Partner application',
  job: 'Job application',
};

/**
 * How sales learn a lead's language so they answer in it: a subject tag a mail rule can filter
 * on, and the e-mail's first line. English leads carry neither (their e-mail is as before).
 */
export const LANGUAGE_NOTES: Partial<Record<Locale, { tag: string; line: string }>> = {
  fr: { tag: '[FR]', line: 'The visitor wrote in French: reply in French.' },
};

/** One line, no control or format characters (Unicode Cc, Cf), at most `max` characters: safe in a header. */
export function headerSafe(value: string, max = 120): string {
  const line = value.replace(/\p{Cf}+/gu, '').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
  // By code point, so a cut never leaves half of an emoji's surrogate pair in the header.
  const chars = [...line];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : line;
}

/**
 * Text with line breaks kept, each as LF (NEL, U+2028 and U+2029 too, so the text body indents
 * every line it shows), and other control characters (C0, C1) removed. The lead function cleans
 * fields as they arrive; this also covers leads archived before it did.
 */
function textSafe(value: string): string {
  return value.replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '');
}

export function composeEmail(lead: LeadForEmail, settings: EmailSettings): LeadEmail {
  const title = FORM_TITLES[lead.form];
  const who = headerSafe(lead.message.from_name || lead.message.from_email, 80);
  const labels = settings.labels[lead.form] ?? {};
  // In the order the visitor saw the fields (forms.yaml), whatever order validation returned them in.
  const order = [...Object.keys(labels), ...Object.keys(lead.fields)];
  const rows = [...new Set(order)]
    .filter((name) => name in lead.fields)
    .map((name) => [name, lead.fields[name]!] as const)
    .filter(([name, value]) => value !== '' && name !== 'resume')
    .map(([name, value]) => [labels[name] ?? name, textSafe(value)] as const);
  if (lead.resume) rows.unshift([labels.resume ?? 'Résumé', lead.resume.fileName]);
  if (lead.consent && lead.form !== 'newsletter') rows.push(['News and offers', 'Asked for (counts once the visitor confirms by e-mail)']);
  // Where it came from, after what the visitor wrote: checked values only (attribution.ts).
  const origin = ATTRIBUTION_KEYS.filter((k) => lead.attribution?.[k]).map((k) => [ATTRIBUTION_LABELS[k], textSafe(lead.attribution![k]!)] as const);
  const note = LANGUAGE_NOTES[lead.locale ?? 'en'];
  const received = new Date(lead.receivedAt).toLocaleString('en-CA', { timeZone: 'America/Toronto', dateStyle: 'long', timeStyle: 'short' });

  const text = [
    ...(note ? [note.line, ''] : []),
    `${title} from the ${settings.brand} website`,
    `Received ${received} (Toronto time) · lead ${lead.id}`,
    '',
    ...rows.map(([label, value]) => `${label}: ${value.includes('\n') ? `\n  ${value.replace(/\n/g, '\n  ')}` : value}`),
    ...(origin.length ? ['', 'Where it came from', ...origin.map(([label, value]) => `${label}: ${value}`)] : []),
    ...(lead.resume ? ['', `Download the résumé (link valid until ${lead.resume.expiresAt}):`, lead.resume.url] : []),
    '',
    `Reply to this e-mail to answer ${lead.message.from_email}.`,
  ].join('\n');

  const cell = (v: string) => escapeHtml(v).replace(/\n/g, '<br>');
  const html = `<!DOCTYPE html><html lang="en-CA"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f9;font-family:Arial,Helvetica,sans-serif;color:#0b1f33">
<table role="presentation" style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;border-collapse:separate;padding:24px;width:100%">
<tr><td>
${note ? `<p style="margin:0 0 16px;padding:8px 12px;background:#fff4d6;border-radius:6px;font-weight:bold">${escapeHtml(note.line)}</p>\n` : ''}<p style="margin:0 0 4px;font-size:13px;color:#5b6b7c">${escapeHtml(settings.brand)} website · lead ${escapeHtml(lead.id)}</p>
<h1 style="margin:0 0 4px;font-size:22px">${escapeHtml(title)}${who ? ` from ${escapeHtml(who)}` : ''}</h1>
<p style="margin:0 0 20px;font-size:13px;color:#5b6b7c">Received ${escapeHtml(received)} (Toronto time)</p>
<table role="presentation" style="border-collapse:collapse;width:100%;font-size:15px">
${rows.map(([label, value]) => `<tr><th scope="row" style="text-align:left;vertical-align:top;padding:8px 12px 8px 0;border-top:1px solid #e3e8ef;color:#5b6b7c;font-weight:normal;width:38%">${escapeHtml(label)}</th><td style="padding:8px 0;border-top:1px solid #e3e8ef">${cell(value)}</td></tr>`).join('\n')}
</table>
${origin.length ? `<h2 style="margin:20px 0 4px;font-size:16px">Where it came from</h2>
<table role="presentation" style="border-collapse:collapse;width:100%;font-size:14px">
${origin.map(([label, value]) => `<tr><th scope="row" style="text-align:left;padding:6px 12px 6px 0;border-top:1px solid #e3e8ef;color:#5b6b7c;font-weight:normal;width:38%">${escapeHtml(label)}</th><td style="padding:6px 0;border-top:1px solid #e3e8ef">${escapeHtml(value)}</td></tr>`).join('\n')}
</table>` : ''}
${lead.resume ? `<p style="margin:20px 0 0"><a href="${escapeHtml(lead.resume.url)}" style="display:inline-block;background:#0b6e4f;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">Download the résumé</a> <span style="font-size:13px;color:#5b6b7c">link valid until ${escapeHtml(lead.resume.expiresAt)}</span></p>` : ''}
<p style="margin:20px 0 0;font-size:13px;color:#5b6b7c">Reply to this e-mail to answer ${escapeHtml(lead.message.from_email)}.</p>
</td></tr></table></body></html>`;

  return {
    from: settings.sender,
    to: [lead.form === 'job' ? settings.hiringInbox : settings.salesInbox],
    replyTo: [headerSafe(lead.message.from_email, 254)],
    subject: headerSafe(`${note ? `${note.tag} ` : ''}${title}${who ? `: ${who}` : ''}`, 150),
    text,
    html,
  };
}
