// The lead function's site facts, read from content/ (site.yaml, forms.yaml, the wizard's
// labels in pages/get-started.yaml, and the same French labels under content/fr/ when there).
// The preview, `site leads` and the Lambda bundle script all use this, so the e-mail the sales
// desk gets is labelled as the visitor's form was.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import type { LeadSettings } from '../functions/send-email/config.ts';
import type { FormName } from '../functions/send-email/validation.ts';

interface FieldCopy { label?: string }
type Fields = Record<string, FieldCopy>;

export function leadSettings(contentDir: string): LeadSettings {
  const read = (rel: string) => yaml.load(readFileSync(join(contentDir, rel), 'utf8')) as Record<string, any>;
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
  };
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
