// The lead function's site facts, read from content/ (site.yaml, forms.yaml, the wizard's
// labels in pages/get-started.yaml). The preview, `site leads` and the Lambda bundle script
// all use this, so the e-mail the sales desk gets is labelled as the visitor's form was.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import type { LeadSettings } from '../functions/send-email/config.ts';
import type { FormName } from '../functions/send-email/validation.ts';

interface FieldCopy { label?: string }
type Fields = Record<string, FieldCopy>;

export function leadSettings(contentDir: string): LeadSettings {
  const read = (rel: string) => yaml.load(readFileSync(join(contentDir, rel), 'utf8')) as Record<string, any>;
  const site = read('site.yaml');
  const forms = read('forms.yaml');
  const wizard = read('pages/get-started.yaml').sections?.wizard ?? {};
  const labelsOf = (fields: Fields | undefined) => Object.fromEntries(Object.entries(fields ?? {}).map(([k, v]) => [k, v.label ?? k]));
  const labels: Partial<Record<FormName, Record<string, string>>> = {
    wizard: { vehicles: 'Vehicles or assets', industry: 'Industry', ...labelsOf(wizard.fields) },
    contact: labelsOf(forms.contact?.fields),
    newsletter: { email: 'Email', ...labelsOf(forms.newsletter?.fields) },
    partner: labelsOf(forms.partner?.fields),
    job: labelsOf(forms.job?.fields),
  };
  return {
    brand: site.brand,
    origin: new URL(site.url).origin,
    phone: site.phone.display,
    sender: site.leadSender ?? `${site.brand} website <${site.email}>`,
    salesInbox: site.salesInbox,
    hiringInbox: site.hiringInbox ?? site.salesInbox,
    labels,
  };
}
