// The thin HTTP handler: origin secret, method, origin, body and route checks, then the lead
// logic, then one response and one log line. It never logs visitor data or echoes an exception
// to the client.
import { createHash, timingSafeEqual } from 'node:crypto';
import { header, json, MAX_BODY_BYTES, method, parseBody, path, sitePath, type HttpEvent, type HttpResponse } from './http.ts';
import { pageFromReferer } from '../../common/lead/attribution.ts';
import type { Circumstances } from './consent.ts';
import { acceptLead, isForm, issueUploadTicket, type LeadDeps, type Outcome } from './lead.ts';
import { answerLink } from './links.ts';
import { failurePage, formPage, formPostAnswer } from './pages.ts';
import { localeOf, type Locale } from '../../common/lead/validation.ts';

export interface HandlerDeps extends LeadDeps {
  /** Origins whose pages may call the function from a script (the site's own). */
  allowedOrigins: string[];
  /** Shown when a plain form post cannot be delivered. */
  phone: string;
  /**
   * The secret CloudFront adds to every request it forwards (ORIGIN_HEADER); a request without
   * it did not come through CloudFront (and its WAF) and is refused. Undefined is local mode
   * (`site preview`, tests): no header is required.
   */
  originSecret?: string;
  log?: (entry: Record<string, unknown>) => void;
}

/** The header CloudFront's origin configuration adds (infra/template.yaml), as API Gateway passes it: lower case. */
export const ORIGIN_HEADER = 'x-origin-verify';

export function createHandler(deps: HandlerDeps) {
  const log = deps.log ?? ((entry) => console.log(JSON.stringify(entry)));
  return async function handler(event: HttpEvent): Promise<HttpResponse> {
    const started = performance.now();
    const requestId = event.requestContext?.requestId ?? '';
    let form = '';
    let outcome = 'error';
    let response: HttpResponse;
    if (deps.originSecret !== undefined && !sameSecret(header(event, ORIGIN_HEADER), deps.originSecret)) {
      // Nothing about why: the caller learns neither the header's name nor that it was close.
      response = json(403, { accepted: false, error: 'Forbidden.' });
      log({ level: 'warn', requestId, form, outcome: 'origin-unverified', status: 403, latencyMs: Math.round((performance.now() - started) * 10) / 10 });
      return response;
    }
    try {
      ({ response, outcome, form } = await route(event, deps, requestId));
    } catch (error) {
      // A dependency failed before the lead was archived: nothing was kept, the visitor must retry.
      outcome = 'unavailable';
      log({ level: 'error', requestId, error: (error as Error)?.name ?? 'Error' });
      response = plainPost(event) ? failureAnswer('unavailable', event, deps) : json(503, { accepted: false, error: 'The lead could not be saved just now. Please try again.', requestId });
    }
    const origin = header(event, 'origin');
    if (origin && deps.allowedOrigins.includes(origin)) Object.assign(response.headers, { 'access-control-allow-origin': origin, vary: 'Origin' });
    log({ level: 'info', requestId, form, outcome, status: response.statusCode, latencyMs: Math.round((performance.now() - started) * 10) / 10 });
    return response;
  };
}

async function route(event: HttpEvent, deps: HandlerDeps, requestId: string): Promise<{ response: HttpResponse; outcome: string; form: string }> {
  const verb = method(event);
  const origin = header(event, 'origin');
  const allowed = !origin || deps.allowedOrigins.includes(origin);
  const upload = /\/upload\/?$/.test(path(event));
  const link = /\/(confirm|unsubscribe)\/?$/.exec(path(event))?.[1] as 'confirm' | 'unsubscribe' | undefined;
  if (link && (verb === 'GET' || verb === 'POST')) {
    // The token comes from the query (the e-mail's link) or the confirm page's form; the log gets the outcome only.
    const query = new URLSearchParams(event.rawQueryString ?? '');
    const posted = verb === 'POST' ? parseBody(event, ['form']) : undefined;
    const values = posted?.kind === 'form' ? posted.value : undefined;
    const token = values?.t ?? query.get('t');
    const locale = localeOf(values?.locale ?? query.get('l'));
    const { response, outcome } = await answerLink(link, verb, token, locale, client(event, deps), deps);
    return { response, outcome, form: '' };
  }

  if (verb === 'OPTIONS') {
    if (!allowed) return { response: json(403, { accepted: false, error: 'This origin may not call the lead function.' }), outcome: 'preflight-refused', form: '' };
    return {
      response: { statusCode: 204, headers: { 'access-control-allow-methods': 'POST, OPTIONS', 'access-control-allow-headers': 'content-type, accept', 'access-control-max-age': '600' }, body: '' },
      outcome: 'preflight', form: '',
    };
  }
  if (verb !== 'POST') return { response: json(405, { accepted: false, error: 'Use POST.' }, { allow: 'POST, OPTIONS' }), outcome: 'method', form: '' };
  if (!allowed) return { response: json(403, { accepted: false, error: 'This origin may not call the lead function.' }), outcome: 'origin', form: '' };

  const body = parseBody(event, upload ? ['json'] : ['json', 'form']);
  if (body.kind === 'error') {
    const response = body.status === 413 && plainPost(event) ? failureAnswer('too-large', event, deps) : json(body.status, { accepted: false, error: body.message });
    return { response, outcome: `http-${body.status}`, form: '' };
  }

  if (upload) return { ...(await uploadTicket(body.value, deps)), form: 'job' };

  const value = (body.value ?? {}) as Record<string, unknown>;
  if (body.kind === 'json' && (typeof value !== 'object' || Array.isArray(value))) {
    return { response: json(400, { accepted: false, error: 'The body must be a JSON object.' }), outcome: 'bad-request', form: '' };
  }
  const request = body.kind === 'json'
    ? { form: value.form, fields: value.fields, submissionId: value.submissionId, fax: value.fax, resumeKey: value.resumeKey, locale: value.locale, attribution: withPage(value.attribution, header(event, 'referer'), deps.allowedOrigins), newsOptIn: value.newsOptIn, via: 'json' as const }
    : formPost(value as Record<string, string>, header(event, 'referer'), deps.allowedOrigins);
  Object.assign(request, { client: client(event, deps) });
  const result = await acceptLead(request, deps);
  const form = isForm(request.form) ? request.form : '';
  return { response: body.kind === 'json' ? asJson(result, requestId) : asPage(result, deps, header(event, 'referer'), localeOf(request.locale)), outcome: result.kind, form };
}

/**
 * A plain form post carries the fields at the top level, beside `form`, `locale`, the honeypot
 * and the news box; the page it was sent from is its Referer (same-origin posts carry the full
 * URL under the site's strict-origin-when-cross-origin policy).
 */
function formPost(values: Record<string, string>, referer: string, origins: string[]) {
  const { form, fax, submissionId, locale, newsOptIn, ...fields } = values;
  return { form, fields, fax, submissionId: submissionId || undefined, locale, newsOptIn, attribution: { page: pageFromReferer(referer, origins) }, via: 'form' as const };
}

/** The browser's attribution, its page taken from the Referer when the script did not send one. */
function withPage(attribution: unknown, referer: string, origins: string[]): Record<string, unknown> {
  const given = attribution && typeof attribution === 'object' && !Array.isArray(attribution) ? (attribution as Record<string, unknown>) : {};
  return { ...given, page: typeof given.page === 'string' ? given.page : pageFromReferer(referer, origins) };
}

/**
 * Who sent the request, for a consent record. Behind CloudFront (the origin secret checked),
 * API Gateway's source address is CloudFront's, and X-Forwarded-For ends "<viewer>, <CloudFront>":
 * the viewer is the entry CloudFront appended, second from the right (anything left of it the
 * client may have written itself). Locally the source address is the client's.
 */
function client(event: HttpEvent, deps: HandlerDeps): Circumstances {
  const forwarded = header(event, 'x-forwarded-for').split(',').map((s) => s.trim()).filter(Boolean);
  const ip = deps.originSecret !== undefined && forwarded.length >= 2 ? forwarded[forwarded.length - 2]! : event.requestContext?.http?.sourceIp ?? '';
  const userAgent = header(event, 'user-agent').replace(/[\p{Cc}\p{Cf}]+/gu, ' ').slice(0, 300);
  return { ip: /^[0-9a-fA-F:.]{2,45}$/.test(ip) ? ip : '', userAgent };
}

function asJson(result: Outcome, requestId: string): HttpResponse {
  switch (result.kind) {
    case 'accepted':
    case 'duplicate':
      return json(200, { accepted: true, id: result.id });
    case 'spam':
      return json(200, { accepted: true, id: result.id });
    case 'invalid':
      return json(400, { accepted: false, errors: result.errors });
    case 'bad-request':
      return json(400, { accepted: false, error: result.message });
    case 'unsent':
      return json(502, { accepted: false, error: 'Your message is saved but could not be sent just now. Please try again.', requestId });
  }
}

/** A lead from a form without JavaScript: urlencoded, to the lead path (not the upload or a link). */
function plainPost(event: HttpEvent): boolean {
  return header(event, 'content-type').split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded' && !/\/(upload|confirm|unsubscribe)\/?$/.test(path(event));
}

/**
 * The page for a plain post the function could not take, in the visitor's language: the post's
 * `locale` when its body was read (a 503), else the language of the page it came from (a 413's
 * body is never parsed); back to that page, or to the form's own.
 */
function failureAnswer(failure: 'unavailable' | 'too-large', event: HttpEvent, deps: HandlerDeps): HttpResponse {
  const referer = header(event, 'referer');
  const back = backLink(referer, deps.allowedOrigins);
  const posted = failure === 'unavailable' ? parseBody(event, ['form']) : undefined;
  const values = posted?.kind === 'form' ? posted.value : {};
  const locale = values.locale !== undefined ? localeOf(values.locale) : localeOf(/^\/(fr)(?:\/|$)/.exec(back ?? '')?.[1]);
  return failurePage(failure, { locale, phone: deps.phone, back: back ?? formPage(isForm(values.form) ? values.form : '', locale), maxKilobytes: MAX_BODY_BYTES / 1024 });
}

function asPage(result: Outcome, deps: HandlerDeps, referer: string, locale: Locale): HttpResponse {
  const form = 'form' in result && isForm(result.form) ? result.form : undefined;
  // Per field: the visitor's language where the translated form names it, else the English label.
  const translated = form && locale !== 'en' ? deps.settings.translatedLabels?.[locale]?.[form] : undefined;
  return formPostAnswer(result, {
    locale, phone: deps.phone,
    labels: form ? { ...deps.settings.labels[form], ...translated } : {},
    back: backLink(referer, deps.allowedOrigins) ?? formPage(form ?? '', locale),
  });
}

/**
 * The page the visitor came from, as a path on this site: only a Referer from an allowed origin,
 * only its path, collapsed by sitePath(). `https://site//evil.example/x` has the site's origin
 * and the path `//evil.example/x`, which as a link leaves the site.
 */
function backLink(referer: string, origins: string[]): string | undefined {
  try {
    const url = new URL(referer);
    return origins.includes(url.origin) ? sitePath(url.pathname) : undefined;
  } catch {
    return undefined;
  }
}

/** Constant-time comparison: hashing first gives equal lengths, so not even the length leaks. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function uploadTicket(value: unknown, deps: HandlerDeps): Promise<{ response: HttpResponse; outcome: string }> {
  const result = await issueUploadTicket(value, deps.archive);
  switch (result.kind) {
    case 'bad-request':
      return { response: json(400, { accepted: false, error: result.message }), outcome: 'bad-request' };
    case 'invalid':
      return { response: json(400, { accepted: false, errors: result.errors }), outcome: 'invalid' };
    case 'limit':
      return { response: json(429, { accepted: false, error: 'Too many files were sent with this application. Reload the page to start again.' }), outcome: 'upload-limit' };
    case 'ticket':
      return { response: json(200, result.ticket), outcome: 'upload-ticket' };
  }
}
