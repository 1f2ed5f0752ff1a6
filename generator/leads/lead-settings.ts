// The lead function's site facts, read from content/ (site.yaml, forms.yaml, the wizard's
// labels in pages/get-started.yaml, and the same French labels under content/fr/ when there).
// The preview, `site leads` and the Lambda bundle script all use this, so the e-mail the sales
// desk gets is labelled as the visitor's form was.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LeadSettings } from '../../functions/send-email/config.ts';
import type { FormName, Locale } from '../../common/lead/validation.ts';
import type { VisitorCopy } from '../../functions/send-email/visitor-email.ts';
import { expandText, factsOf } from '../transform/facts.ts';
import { loadFile, type SourceRecord } from '../content/load.ts';
import type { CollectionName } from '../content/collections.ts';
import { formatProblem } from '../problems/problems.ts';
import { locales } from '../content/locales.ts';

interface FieldCopy { label?: string }
type Fields = Record<string, FieldCopy>;

/**
 * A content file's data, read as the build reads it: through content/ with no link followed, the
 * same YAML schema, aliases bounded (load.ts). Its first problem is thrown: these files are the
 * lead function's facts, and `site build` names every problem.
 */
function readContent(contentDir: string, rel: string): Record<string, any> {
  const name = rel.replace(/^fr\//, '');
  const collection: CollectionName = name === 'site.yaml' ? 'site' : name === 'forms.yaml' ? 'forms' : name === 'visitor-emails.yaml' ? 'visitorEmails' : 'pages';
  const record = loadFile(contentDir, collection, rel);
  if (record.problems.length) throw new Error(formatProblem(record.problems[0]!));
  return record.data as Record<string, any>;
}

export function leadSettings(contentDir: string): LeadSettings {
  const read = (rel: string) => readContent(contentDir, rel);
  const site = read('site.yaml');
  // The French forms' labels, for the problem page a French visitor reads (the e-mail stays English).
  const fr = existsSync(join(contentDir, 'fr/forms.yaml'))
    ? formLabels(read('fr/forms.yaml'), existsSync(join(contentDir, 'fr/pages/get-started.yaml')) ? read('fr/pages/get-started.yaml') : {}, { vehicles: 'Véhicules ou actifs', industry: 'Secteur d\'activité', email: 'Courriel' })
    : undefined;
  return {
    brand: site.brand,
    origin: new URL(site.url).origin,
    phone: site.phone.display,
    sender: site.leadSender ?? `${site.brand} website <${site.email}>`,
    salesInbox: site.salesInbox,
    hiringInbox: site.hiringInbox ?? site.salesInbox,
    labels: formLabels(read('forms.yaml'), read('pages/get-started.yaml'), { vehicles: 'Vehicles or assets', industry: 'Industry', email: 'Email' }),
    ...(fr ? { translatedLabels: { fr } } : {}),
    ...consentCopy(contentDir, site),
  };
}

/**
 * The consent statements as the pages show them (the newsletter's beside Subscribe, the lead
 * forms' box label) and the visitor e-mails' copy, per language, facts filled in as the
 * generator fills them. A language without its files is left out (the function falls back to English).
 */
function consentCopy(contentDir: string, site: Record<string, unknown>): Pick<LeadSettings, 'consentText' | 'visitor'> {
  const consentText: NonNullable<LeadSettings['consentText']> = {};
  const visitor: NonNullable<LeadSettings['visitor']> = {};
  for (const locale of ['en', 'fr'] as Locale[]) {
    const dir = locale === 'en' ? '' : `${locale}/`;
    const file = (rel: string) => join(contentDir, dir, rel);
    if (!existsSync(file('visitor-emails.yaml')) || !existsSync(file('forms.yaml')) || !existsSync(file('pages/blogs.yaml'))) continue;
    const facts = factsOf([{ collection: 'site', data: site } as unknown as SourceRecord], locales[locale].tag);
    // {url} is the site's address as a visitor types it (site.yaml's url, no trailing slash).
    const url = String(site.url).replace(/\/$/, '');
    const fill = <T>(value: T): T => (typeof value === 'string' ? expandText(value.replaceAll('{url}', url), facts) : Array.isArray(value) ? value.map(fill) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)])) : value) as T;
    const load = (rel: string) => readContent(contentDir, `${dir}${rel}`);
    consentText[locale] = {
      newsletter: fill(String(load('pages/blogs.yaml').sections?.newsletter?.consent ?? '')),
      optIn: fill(String(load('forms.yaml').newsOptIn?.label ?? '')),
    };
    visitor[locale] = fill(load('visitor-emails.yaml')) as VisitorCopy;
  }
  return { consentText, visitor };
}

/** Field labels per form from one language's forms.yaml and get-started page; `defaults` names the fields they do not label. */
function formLabels(forms: Record<string, any>, getStarted: Record<string, any>, defaults: { vehicles: string; industry: string; email: string }): Partial<Record<FormName, Record<string, string>>> {
  const labelsOf = (fields: Fields | undefined) => Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v.label ?? k]));
  return {
    wizard: { vehicles: defaults.vehicles, industry: defaults.industry, ...labelsOf(getStarted.sections?.wizard?.fields) },
    contact: labelsOf(forms.contact?.fields),
    newsletter: { email: defaults.email, ...labelsOf(forms.newsletter?.fields) },
    partner: labelsOf(forms.partner?.fields),
    job: labelsOf(forms.job?.fields),
  };
}
