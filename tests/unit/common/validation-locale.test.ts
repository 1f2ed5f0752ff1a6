// Issue #16: the shared validation module speaks English (default, the spec's exact strings)
// and Canadian French; the browser forms and the lead function pick the language per lead.
import { describe, expect, test } from 'vitest';
import { E1, LOCALES, localeOf, messages, resumeProblem, RESUME, schemas, schemasFor, validateLead, type FormName } from '../../../common/lead/validation.ts';

const valid = {
  contact: { name: 'Ana Silva', phone: '(416) 555-0123', email: 'ana@fleet.ca', department: 'LinkedIn', additionalInfo: '' },
  newsletter: { email: 'ana@fleet.ca' },
  job: { fullName: 'Chen Wei', email: 'chen@example.com', phone: '4165550123' },
  wizard: { vehicles: '5 - 29', industry: 'Delivery', firstName: 'Ana', lastName: 'Silva', email: 'ana@fleet.ca', phone: '416-555-0123', companyName: 'Silva Couriers' },
} satisfies Partial<Record<FormName, Record<string, string>>>;

describe('every message has a French version', () => {
  test('French has exactly the English message keys, none empty and none left in English', () => {
    expect(Object.keys(messages.fr).sort()).toEqual(Object.keys(messages.en).sort());
    for (const [key, text] of Object.entries(messages.fr)) {
      expect(text.trim(), key).not.toBe('');
      // "Obligatoire" and the like: a French message equal to its English one was never translated.
      expect(text, key).not.toBe(messages.en[key as keyof typeof messages.en]);
    }
  });

  test('each form has the same fields in every language', () => {
    for (const locale of LOCALES) {
      for (const form of Object.keys(schemas) as FormName[]) expect(Object.keys(schemasFor(locale)[form].fields), `${locale} ${form}`).toEqual(Object.keys(schemas[form].fields));
    }
  });

  test('French typography: a no-break space before a colon, never a plain one', () => {
    for (const [key, text] of Object.entries(messages.fr)) expect(text, key).not.toMatch(/ [:;?!]/);
  });
});

describe('French messages for bad input', () => {
  test('a French invalid e-mail gets the French format message', () => {
    expect(validateLead('contact', { ...valid.contact, email: 'ana@fleet' }, 'fr')).toEqual({ ok: false, errors: { email: 'Format de courriel invalide. Exemple\u00a0: nom@example.com' } });
  });

  test('every required field of the wizard is named in French', () => {
    const result = validateLead('wizard', {}, 'fr');
    expect(result).toEqual({
      ok: false,
      errors: {
        vehicles: 'Indiquez le nombre de véhicules ou d\'actifs que vous exploitez', industry: 'Choisissez votre secteur d\'activité',
        firstName: 'Le prénom est obligatoire', lastName: 'Le nom de famille est obligatoire', email: 'L\'adresse courriel est obligatoire',
        phone: 'Le numéro de téléphone est obligatoire', companyName: 'Le nom de l\'entreprise est obligatoire',
      },
    });
  });

  test('French phone, newsletter and job messages', () => {
    expect(validateLead('contact', { ...valid.contact, phone: '555-0123', department: '' }, 'fr')).toEqual({ ok: false, errors: { phone: messages.fr.phoneInvalid, department: 'Obligatoire' } });
    expect(validateLead('newsletter', { email: 'nope' }, 'fr')).toEqual({ ok: false, errors: { email: 'Adresse courriel invalide' } });
    expect(validateLead('job', { ...valid.job, fullName: ' ' }, 'fr')).toEqual({ ok: false, errors: { fullName: 'Le nom complet est obligatoire.' } });
  });

  test('the résumé check answers in the visitor\'s language', () => {
    expect(resumeProblem('cv.txt', 10, 'fr')).toBe('Choisissez un fichier PDF, DOC ou DOCX');
    expect(resumeProblem('cv.pdf', RESUME.maxBytes + 1, 'fr')).toBe('Le CV ne doit pas dépasser 5\u00a0Mo');
    expect(resumeProblem('cv.pdf', 10, 'fr')).toBe('');
  });

  test('values are the same in both languages: a French lead is valid with the English vehicle and industry values', () => {
    expect(validateLead('wizard', valid.wizard, 'fr')).toEqual({ ok: true, fields: valid.wizard });
  });
});

describe('English stays the default, word for word', () => {
  test('no locale, and an unknown one, give the spec\'s English', () => {
    expect(validateLead('contact', { ...valid.contact, email: 'x' })).toEqual({ ok: false, errors: { email: E1 } });
    expect(validateLead('contact', { ...valid.contact, email: 'x' }, 'en')).toEqual({ ok: false, errors: { email: 'Invalid email format. Please use name@example.com' } });
    expect(resumeProblem('cv.txt', 10)).toBe(RESUME.wrongType);
  });

  test.each([[undefined, 'en'], ['fr', 'fr'], ['en', 'en'], ['FR', 'en'], ['fr-CA', 'en'], ['de', 'en'], [['fr'], 'en'], [{}, 'en'], ['__proto__', 'en'], ['toString', 'en']])('localeOf(%j) is %s', (value, locale) => {
    expect(localeOf(value)).toBe(locale);
  });
});
