// The pages a visitor without JavaScript gets from a plain form post: where a good lead goes
// (the Thanks page), and the small problem pages, in the visitor's language. Pure: the handler
// decides which one and passes the labels, the phone number and the "go back" link.
import { FORM_TITLES } from './email.ts';
import { escapeHtml } from '../../common/html.ts';
import { html, redirect, type HttpResponse } from './http.ts';
import type { Outcome } from './lead.ts';
import type { FormName, Locale } from '../../common/lead/validation.ts';

/** Where each form lives in English; a translated form is at `/<locale>` + this path. */
const FORM_PAGES: Record<FormName, string> = { wizard: '/get-started', contact: '/contact-us', newsletter: '/blogs', partner: '/partnership', job: '/career' };

/** The path of a page in a language: English at today's paths, the others under /<locale>. */
export function localePath(path: string, locale: Locale): string {
  return locale === 'en' ? path : `/${locale}${path}`;
}

/** The form's own page in the visitor's language, for "go back" when the Referer cannot be used. */
export function formPage(form: string, locale: Locale): string {
  const path = FORM_PAGES[form as FormName];
  return path ? localePath(path, locale) : localePath('/', locale);
}

interface PageCopy {
  lang: string;
  /** Between a field's label and its message (French puts a no-break space before a colon). */
  colon: string;
  /** The forms as this language names them in a sentence (lower case, as the privacy policy names them). */
  forms: Record<FormName, string>;
  invalidTitle: string;
  invalidIntro: (form: string) => string;
  unsentTitle: string;
  unsentBody: (phone: string) => string;
  unreadableTitle: string;
  /** S3 unreachable (503): nothing was kept. The site's failure sentence, then what to do. */
  unavailableTitle: string;
  unavailableBody: (phone: string) => string;
  /** A body over the size limit (413), before anything was read. */
  tooLargeTitle: string;
  tooLargeBody: (kilobytes: number) => string;
  back: string;
}

// French from content/fr/_validation-messages.yaml, reviewed: the intro avoids agreeing with the
// form's name (masculine and feminine), and a no-break space precedes the colon.
const COPY: Record<Locale, PageCopy> = {
  en: {
    lang: 'en-CA',
    colon: ': ',
    forms: Object.fromEntries(Object.entries(FORM_TITLES).map(([form, title]) => [form, title.toLowerCase()])) as Record<FormName, string>,
    invalidTitle: 'Please check the form',
    invalidIntro: (form) => `Your ${form} was not sent. Please go back and fix:`,
    unsentTitle: 'Your message is saved, but not sent yet',
    unsentBody: (phone) => `We saved what you sent but could not deliver it to our team just now. Please go back and send it again in a few minutes, or call us at ${phone}.`,
    unreadableTitle: 'This form could not be read',
    unavailableTitle: 'Something went wrong',
    unavailableBody: (phone) => `Something went wrong. Please try again later. Your message could not be saved just now, so nothing was sent: please go back and send it again in a few minutes, or call us at ${phone}.`,
    tooLargeTitle: 'Your message is too long',
    tooLargeBody: (kb) => `What you sent is larger than ${kb} KB, more than a form can take. Please go back, shorten your message and send it again.`,
    back: 'Go back to the form',
  },
  fr: {
    lang: 'fr-CA',
    colon: '\u00a0: ',
    forms: { wizard: 'demande de démo', contact: 'formulaire de contact', newsletter: 'abonnement à l\'infolettre', partner: 'demande de partenariat', job: 'candidature à un emploi' },
    invalidTitle: 'Vérifiez le formulaire',
    invalidIntro: (form) => `Rien n'a été envoyé (${form}). Revenez au formulaire et corrigez ce qui suit\u00a0:`,
    unsentTitle: 'Votre message est enregistré, mais pas encore envoyé',
    unsentBody: (phone) => `Nous avons enregistré votre envoi, mais nous n'avons pas pu le transmettre à notre équipe pour le moment. Revenez en arrière et renvoyez-le dans quelques minutes, ou appelez-nous au ${phone}.`,
    unreadableTitle: 'Ce formulaire n\'a pas pu être lu',
    unavailableTitle: 'Une erreur s\'est produite',
    unavailableBody: (phone) => `Une erreur s'est produite. Veuillez réessayer plus tard. Votre message n'a pas pu être enregistré pour le moment, rien n'a donc été envoyé\u00a0: revenez en arrière et renvoyez-le dans quelques minutes, ou appelez-nous au ${phone}.`,
    tooLargeTitle: 'Votre message est trop long',
    tooLargeBody: (kb) => `Votre envoi dépasse ${kb}\u00a0Ko, plus qu'un formulaire ne peut en transmettre. Revenez en arrière, raccourcissez votre message et renvoyez-le.`,
    back: 'Retour au formulaire',
  },
};

export interface PageContext {
  locale: Locale;
  /** Field labels of the visitor's form, in the visitor's language. */
  labels: Record<string, string>;
  phone: string;
  /** The "go back" link: a path on this site. */
  back: string;
}

/** The answer to a plain form post: 303 to the Thanks page in the visitor's language, or a problem page. */
export function formPostAnswer(result: Outcome, context: PageContext): HttpResponse {
  const copy = COPY[context.locale];
  if (result.kind === 'accepted' || result.kind === 'duplicate' || result.kind === 'spam') return redirect(localePath('/Thanks', context.locale));
  if (result.kind === 'invalid') {
    const items = Object.entries(result.errors).map(([field, message]) => `<li><strong>${escapeHtml(context.labels[field] ?? field)}</strong>${copy.colon}${escapeHtml(message)}</li>`).join('');
    return html(400, page(copy, copy.invalidTitle, `<p>${escapeHtml(copy.invalidIntro(copy.forms[result.form]))}</p><ul>${items}</ul>`, context.back));
  }
  if (result.kind === 'unsent') return html(502, page(copy, copy.unsentTitle, `<p>${escapeHtml(copy.unsentBody(context.phone))}</p>`, context.back));
  return html(400, page(copy, copy.unreadableTitle, `<p>${escapeHtml(result.message)}</p>`, context.back));
}

/**
 * A plain form post the function could not take: S3 unreachable (503) or a body over the limit
 * (413). The JSON answers of the same failures meant nothing to a visitor without JavaScript.
 */
export function failurePage(failure: 'unavailable' | 'too-large', context: Omit<PageContext, 'labels'> & { maxKilobytes: number }): HttpResponse {
  const copy = COPY[context.locale];
  if (failure === 'too-large') return html(413, page(copy, copy.tooLargeTitle, `<p>${escapeHtml(copy.tooLargeBody(context.maxKilobytes))}</p>`, context.back));
  return html(503, page(copy, copy.unavailableTitle, `<p>${escapeHtml(copy.unavailableBody(context.phone))}</p>`, context.back));
}

function page(copy: PageCopy, title: string, body: string, back: string): string {
  return `<!DOCTYPE html><html lang="${copy.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;color:#0b1f33;max-width:40rem;margin:3rem auto;padding:0 1.25rem}h1{font-size:1.6rem}a{color:#0b5cad}li{margin:.4rem 0}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p><a href="${escapeHtml(back)}">${escapeHtml(copy.back)}</a></p></main></body></html>`;
}
