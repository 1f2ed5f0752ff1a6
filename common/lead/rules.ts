// The lead rules without Yup: the languages, every visitor-facing message, the e-mail, phone and
// URL patterns, the résumé rules and the wizard's choices. validation.ts builds the Yup schemas
// from them and re-exports all of it, so the lead function and the tests import one module; the
// browser imports this one where it needs no schema (a form's shell, the résumé upload), so that
// Yup reaches a page only with the code that validates (a form's validation library loads
// on the visitor's first interaction with it, not with the page).

/** The site's languages: English at today's paths, Canadian French under /fr. */
export const LOCALES = ['en', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** A lead's language from whatever the request carried: exactly 'fr' is French, anything else English. */
export function localeOf(value: unknown): Locale {
  return value === 'fr' ? 'fr' : 'en';
}

const en = {
  emailInvalid: 'Invalid email format. Please use name@example.com',
  phoneInvalid: 'Invalid phone number format. Please use (XXX) XXX-XXXX or XXX-XXX-XXXX',
  vehiclesRequired: 'Choose how many vehicles or assets you operate',
  vehiclesOneOf: 'Choose one of the vehicle ranges',
  industryRequired: 'Choose your industry',
  industryOneOf: 'Choose one of the industries',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  companyNameRequired: 'Company name is required',
  contactNameRequired: 'Name Required',
  contactPhoneRequired: 'phone number Required',
  required: 'Required',
  newsletterEmailInvalid: 'Invalid email address',
  departmentRequired: 'Department is required',
  businessNameRequired: 'Business name is required',
  companyTypeRequired: 'Company/Business type is required',
  websiteRequired: 'Website is required',
  urlInvalid: 'Invalid URL',
  employeesRequired: 'Number of employees is required',
  jobTitleRequired: 'Job title is required',
  countryRequired: 'Country is required',
  stateRequired: 'State/Province is required',
  fullNameRequired: 'Full Name is required.',
  jobEmailRequired: 'Email is required.',
  jobPhoneRequired: 'Phone number is required.',
  resumeWrongType: 'Choose a PDF, DOC or DOCX file',
  resumeTooLarge: 'The résumé must be 5 MB or smaller',
  resumeNotUploaded: 'The résumé did not finish uploading. Please choose the file again.',
} as const;

/** What every language must say: the English keys, each a string. */
export type Messages = { readonly [K in keyof typeof en]: string };

// From content/fr/_validation-messages.yaml, reviewed: a no-break space (\u00a0) before a colon
// and inside "5 Mo" so neither is left alone at a line start; the partner form's `department` is
// labelled "Partenariat souhaité" in French, so its message names that, not a "service".
const fr: Messages = {
  emailInvalid: 'Format de courriel invalide. Exemple\u00a0: nom@example.com',
  phoneInvalid: 'Numéro de téléphone invalide. Formats acceptés\u00a0: (XXX) XXX-XXXX ou XXX-XXX-XXXX',
  vehiclesRequired: 'Indiquez le nombre de véhicules ou d\'actifs que vous exploitez',
  vehiclesOneOf: 'Choisissez l\'une des tranches proposées',
  industryRequired: 'Choisissez votre secteur d\'activité',
  industryOneOf: 'Choisissez l\'un des secteurs proposés',
  firstNameRequired: 'Le prénom est obligatoire',
  lastNameRequired: 'Le nom de famille est obligatoire',
  emailRequired: 'L\'adresse courriel est obligatoire',
  phoneRequired: 'Le numéro de téléphone est obligatoire',
  companyNameRequired: 'Le nom de l\'entreprise est obligatoire',
  contactNameRequired: 'Nom obligatoire',
  contactPhoneRequired: 'Numéro de téléphone obligatoire',
  required: 'Obligatoire',
  newsletterEmailInvalid: 'Adresse courriel invalide',
  departmentRequired: 'Le partenariat souhaité est obligatoire',
  businessNameRequired: 'Le nom de l\'entreprise est obligatoire',
  companyTypeRequired: 'Le type d\'entreprise est obligatoire',
  websiteRequired: 'Le site Web est obligatoire',
  urlInvalid: 'Adresse Web invalide',
  employeesRequired: 'Le nombre d\'employés est obligatoire',
  jobTitleRequired: 'Le titre du poste est obligatoire',
  countryRequired: 'Le pays est obligatoire',
  stateRequired: 'L\'État ou la province est obligatoire',
  fullNameRequired: 'Le nom complet est obligatoire.',
  jobEmailRequired: 'L\'adresse courriel est obligatoire.',
  jobPhoneRequired: 'Le numéro de téléphone est obligatoire.',
  resumeWrongType: 'Choisissez un fichier PDF, DOC ou DOCX',
  resumeTooLarge: 'Le CV ne doit pas dépasser 5\u00a0Mo',
  resumeNotUploaded: 'Le téléversement du CV ne s\'est pas terminé. Veuillez choisir le fichier de nouveau.',
};

/** Every visitor-facing validation message, per language (same keys in each). */
export const messages: Record<Locale, Messages> = { en, fr };

/**
 * Local part (dot-separated words, RFC 5321: no dot first, last or twice in a row, which SES
 * refuses, so such a lead could never be sent), @, domain, and a top-level part of at least two letters.
 */
export const EMAIL = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
/** Optional 1-4 digit country prefix (optional +), then 3 digits (optionally in brackets), 3, 4; space or dash between. */
export const PHONE = /^(?:\+?\d{1,4}[ -]?)?(?:\(\d{3}\)|\d{3})[ -]?\d{3}[ -]?\d{4}$/;
/** Optional http(s)://, a host name or localhost, optional port and path. */
export const URL_PATTERN = /^(?:https?:\/\/)?(?:(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z]{2,}|localhost)(?::\d{1,5})?(?:\/[-a-z\d%_.~+@:]*)*(?:\?[;&a-z\d%_.~+=-]*)?(?:#[-a-z\d_]*)?$/i;

/**
 * What a reader cannot see: spaces, controls (Cc), format characters (Cf: zero-width, bidi,
 * U+180E), the other default-ignorable code points (U+3164 and the other Hangul fillers,
 * variation selectors) and the braille blank U+2800, which fonts draw as nothing.
 */
const INVISIBLE = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]+/gu;

/** True when `value` shows nothing: a required field filled with invisible characters is as empty as one left blank. */
export function looksBlank(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/** What mail can carry (RFC 5321): 64 characters before the @, 254 in all. */
export const EMAIL_MAX = { local: 64, total: 254 } as const;

/** The pattern within the limits; the lengths are checked first, so the pattern never sees a long string. */
export function isEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  return value.length <= EMAIL_MAX.total && at >= 1 && at <= EMAIL_MAX.local && EMAIL.test(value);
}

export const E1 = en.emailInvalid;
export const P1 = en.phoneInvalid;

/**
 * Résumé uploads (job form): the browser checks these before asking for an upload, the upload
 * policy enforces the size, and the lead function checks the stored object again.
 */
export const RESUME = {
  maxBytes: 5 * 1024 * 1024,
  extensions: ['.pdf', '.doc', '.docx'],
  types: ['application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  /** The English messages; `messages[locale].resumeWrongType` and `.resumeTooLarge` in other languages. */
  wrongType: en.resumeWrongType,
  tooLarge: en.resumeTooLarge,
} as const;

/** The résumé message for a file in the visitor's language, or '' when it is acceptable. */
export function resumeProblem(fileName: string, size: number, locale: Locale = 'en'): string {
  const dot = fileName.lastIndexOf('.');
  const extension = dot < 0 ? '' : fileName.slice(dot).toLowerCase();
  if (!(RESUME.extensions as readonly string[]).includes(extension)) return messages[locale].resumeWrongType;
  if (!(size > 0) || size > RESUME.maxBytes) return messages[locale].resumeTooLarge;
  return '';
}

/** The content type stored for an accepted résumé, chosen from its extension. */
export function resumeType(fileName: string): string {
  const extension = fileName.slice(fileName.lastIndexOf('.')).toLowerCase();
  return RESUME.types[RESUME.extensions.indexOf(extension as (typeof RESUME.extensions)[number])] ?? 'application/octet-stream';
}

export const VEHICLE_RANGES = ['1 - 4', '5 - 29', '30 - 399', '400 - 3,900', '4,000+'] as const;
export const INDUSTRIES = ['Construction', 'Field Service', 'Trucking & Logistics', 'Delivery', 'Oil & Gas', 'Agriculture'] as const;

/**
 * What a visitor reads for each vehicle range and industry. The values above are what the
 * schema checks and sales read, in every language; a French form shows these labels and sends
 * the values. (French industry names as in content/fr/industries.)
 */
export const VEHICLE_RANGE_LABELS: Record<Locale, Record<(typeof VEHICLE_RANGES)[number], string>> = {
  en: { '1 - 4': '1 - 4', '5 - 29': '5 - 29', '30 - 399': '30 - 399', '400 - 3,900': '400 - 3,900', '4,000+': '4,000+' },
  // fr-CA as Intl formats it (generator/transform/format.ts formatRange/formatPlus): a no-break space groups thousands.
  fr: { '1 - 4': '1 - 4', '5 - 29': '5 - 29', '30 - 399': '30 - 399', '400 - 3,900': '400 - 3\u00a0900', '4,000+': '4\u00a0000+' },
};
export const INDUSTRY_LABELS: Record<Locale, Record<(typeof INDUSTRIES)[number], string>> = {
  en: { Construction: 'Construction', 'Field Service': 'Field Service', 'Trucking & Logistics': 'Trucking & Logistics', Delivery: 'Delivery', 'Oil & Gas': 'Oil & Gas', Agriculture: 'Agriculture' },
  fr: { Construction: 'Construction', 'Field Service': 'Services sur le terrain', 'Trucking & Logistics': 'Camionnage et logistique', Delivery: 'Livraison', 'Oil & Gas': 'Pétrole et gaz', Agriculture: 'Agriculture' },
};
