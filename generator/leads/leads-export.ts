// `site leads export`: the archived leads as rows a spreadsheet or a CRM imports, with their
// consent and attribution. Pure: the CLI reads the archive and writes the result.
//
// CSV as RFC 4180 says (a header row, CRLF line ends, every field quoted, quotes doubled), and
// safe to open in a spreadsheet: a value that starts with =, +, -, @, a tab or a carriage
// return is a formula to Excel, LibreOffice and Google Sheets (`=HYPERLINK(...)` in a name field
// is the classic attack), so it gets a leading apostrophe, which spreadsheets show as text.
import type { ArchivedLead } from '../../functions/send-email/archive.ts';
import { ATTRIBUTION_KEYS } from '../../common/lead/attribution.ts';
import { consentStatus, type ConsentEvent } from '../../functions/send-email/consent.ts';

export const EXPORT_COLUMNS = [
  'id', 'receivedAt', 'form', 'locale', 'status', 'name', 'email', 'phone', 'fields',
  'newsConsent', 'newsConsentSince', 'consentWording', ...ATTRIBUTION_KEYS,
] as const;
export type ExportRow = Record<(typeof EXPORT_COLUMNS)[number], string>;

/** One lead as a row: its consent is the address's standing now (events of every form count). */
export function exportRow(lead: ArchivedLead, events: readonly ConsentEvent[]): ExportRow {
  const standing = consentStatus(events);
  return {
    id: lead.id, receivedAt: lead.receivedAt, form: lead.form, locale: lead.locale ?? 'en', status: lead.status,
    name: lead.message.from_name, email: lead.message.from_email, phone: lead.message.phone_number,
    fields: Object.entries(lead.fields).filter(([, v]) => v !== '').map(([k, v]) => `${k}: ${v}`).join('\n'),
    newsConsent: standing.status, newsConsentSince: standing.since ?? '', consentWording: lead.consent?.wording ?? '',
    ...Object.fromEntries(ATTRIBUTION_KEYS.map((k) => [k, lead.attribution?.[k] ?? ''])) as Record<(typeof ATTRIBUTION_KEYS)[number], string>,
  };
}

/** A value a spreadsheet will show as text, never run as a formula. */
export function neutralise(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function toCsv(rows: readonly ExportRow[]): string {
  const line = (values: readonly string[]) => values.map((v) => `"${neutralise(v).replace(/"/g, '""')}"`).join(',');
  // A UTF-8 byte-order mark first: Excel reads a CSV without one in the system's legacy code page,
  // which garbles every accent of a French name (« Hélène » → « HÃ©lÃ¨ne »); Google Sheets,
  // LibreOffice and CRM imports (HubSpot, Salesforce) take the mark as what it is.
  return '\uFEFF' + [line(EXPORT_COLUMNS), ...rows.map((row) => line(EXPORT_COLUMNS.map((c) => row[c])))].map((l) => `${l}\r\n`).join('');
}

/**
 * What keeps an archived object from being exported as a lead, or undefined when it has the
 * shape a row is made from: the lead function writes every lead so, but the bucket is a store
 * anyone with access can write to, and one object written by hand (`{"id":"x"}`) had failed the
 * whole export. Every value a row shows must be text.
 */
export function leadShapeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'it is not a JSON object';
  const text = (v: unknown) => typeof v === 'string';
  const checks: [string, unknown, (v: unknown) => boolean, string][] = [
    ['id', value.id, text, 'text'],
    ['receivedAt', value.receivedAt, (v) => text(v) && /^\d{4}-\d{2}-\d{2}/.test(v as string), 'a time (YYYY-MM-DD…)'],
    ['form', value.form, text, 'text'],
    ['status', value.status, text, 'text'],
    ['message', value.message, (v) => isObject(v) && ['from_name', 'from_email', 'phone_number'].every((k) => text(v[k])), 'an object with from_name, from_email and phone_number'],
    ['fields', value.fields, (v) => isObject(v) && Object.values(v).every(text), 'an object of texts'],
    ['locale', value.locale, (v) => v === undefined || text(v), 'text'],
    ['consent', value.consent, (v) => v === undefined || (isObject(v) && (v.wording === undefined || text(v.wording))), 'an object with a wording'],
    ['attribution', value.attribution, (v) => v === undefined || (isObject(v) && Object.values(v).every(text)), 'an object of texts'],
  ];
  const wrong = checks.find(([, v, ok]) => !ok(v));
  if (!wrong) return undefined;
  const [name, v, , expected] = wrong;
  return `${name} is ${v === undefined ? 'missing' : 'not ' + expected}`;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a lead falls in the asked range (days, inclusive, by its arrival in UTC) and form. */
export function selected(lead: ArchivedLead, options: { since?: string; until?: string; form?: string }): boolean {
  const day = lead.receivedAt.slice(0, 10);
  return (!options.since || day >= options.since) && (!options.until || day <= options.until) && (!options.form || lead.form === options.form);
}
