// The English interface strings a French page must not show ("no English UI strings
// left"), and what a French page shows, as data the French spec compares.
//
// Which strings: every text of content/ui.yaml, forms.yaml and navigation.yaml (the copy the
// shell, the menus and the forms are made of: on a French page each must come from content/fr/).
// Not the page copy of content/pages/ and the collections: that is checked by `site validate`'s
// translation warnings, and it is prose, where a word can be the same in both languages.
// Dropped, because a French page may rightly show them:
// - a string equal to its French counterpart, or to any French string of the same files
//   ('Solutions', 'Menu', 'OK', 'Pause', 'Message', 'Canada', 'LinkedIn', 'Portfolio', 'Guides');
// - what is not copy: hrefs, icons, images, ids, option values, state codes, page lists;
// - the English file's language switch: it is French on purpose (the language it leads to);
// - a fragment under 4 characters once the {placeholders} are cut out ('of' of "{n} of {total}"):
//   too short to tell a leak from a word of a French sentence or a brand.
// Matched case-sensitively as whole words, so 'Blog' does not match the French 'Blogue'.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, type Page } from '@playwright/test';

const FILES = ['ui.yaml', 'forms.yaml', 'navigation.yaml'];
/** Keys whose values are not copy. */
const NOT_COPY = new Set(['href', 'icon', 'image', 'id', 'menu', 'value', 'states', 'hiddenOn', 'footerHiddenOn', 'sourceHash', 'languageSwitch']);
const MIN_LENGTH = 4;

/** Every string leaf under `node`, by its key path (arrays by index: the French files mirror the English order). */
function leaves(node: unknown, path = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof node === 'string') out.set(path, node);
  else if (Array.isArray(node)) node.forEach((v, i) => leaves(v, `${path}[${i}]`).forEach((s, k) => out.set(k, s)));
  else if (node && typeof node === 'object') {
    for (const [key, v] of Object.entries(node)) if (!NOT_COPY.has(key)) leaves(v, path ? `${path}.${key}` : key).forEach((s, k) => out.set(k, s));
  }
  return out;
}

/** The literal pieces of a string with {placeholders}, trimmed of spaces, asterisks and edge punctuation. */
function fragments(text: string): string[] {
  return text.split(/\{[^}]+\}/).map((f) => f.replace(/^[\s*.,:;!?©–-]+|[\s*]+$/g, '')).filter((f) => f.length >= MIN_LENGTH);
}

/** The English UI strings to look for on French pages, each with where it comes from. */
export function englishUiStrings(contentDir = 'content'): { text: string; from: string }[] {
  const read = (file: string) => parse(readFileSync(`${contentDir}/${file}`, 'utf8')) as unknown;
  const french = new Set<string>();
  const pairs: { file: string; key: string; en: string; fr: string | undefined }[] = [];
  for (const file of FILES) {
    const fr = leaves(read(`fr/${file}`));
    for (const s of fr.values()) for (const f of [s, ...fragments(s)]) french.add(f);
    for (const [key, en] of leaves(read(file))) pairs.push({ file, key, en, fr: fr.get(key) });
  }
  const found = new Map<string, string>();
  for (const { file, key, en, fr } of pairs) {
    if (en === fr) continue;
    for (const text of fragments(en)) if (!french.has(text) && !found.has(text)) found.set(text, `content/${file} ${key}`);
  }
  return [...found].map(([text, from]) => ({ text, from }));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * One pattern per string: the string as a whole word, not part of a longer one: no letter, digit,
 * hyphen or apostrophe right before or after ('Main' is not found in the French « Main-d’œuvre »).
 */
export function wholeWord(text: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}'’-])${escapeRe(text)}(?![\\p{L}\\p{N}'’-])`, 'u');
}

/** A page's strings in its own language, as the browser has them (see `frenchStrings`). */
export interface PageStrings { texts: string[]; attributes: string[]; props: string[] }

/**
 * Runs in the page: the text nodes and the readable attributes (accessible names, placeholders,
 * alt and title text, button values, the island error heading) of every element whose language is
 * French (nearest lang attribute), hidden ones included (a closed menu, the 'Blog not found'
 * variant); and the strings of the islands' props, which become text on interaction. The
 * language switch and the English part of an untranslated page are lang="en-CA" and left out.
 */
export function frenchStrings(): PageStrings {
  const french = (el: Element | null) => (el?.closest('[lang]')?.getAttribute('lang') ?? '').startsWith('fr');
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // A <noscript> holds its markup as text when scripts run: it is not read (the no-JS form's words are the same copy).
    if (!parent || parent.closest('script, style, template, noscript') || !french(parent)) continue;
    const text = node.textContent?.trim();
    if (text) texts.push(text);
  }
  const readable = ['aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'alt', 'title', 'label', 'data-error-heading'];
  const attributes: string[] = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (!french(el)) continue;
    for (const name of readable) {
      const value = el.getAttribute(name);
      if (value) attributes.push(value);
    }
    // A value is shown only on a button-like input; elsewhere it is data the form sends.
    if (el.matches('input[type="submit"], input[type="button"], input[type="reset"]')) attributes.push(el.getAttribute('value') ?? '');
  }
  const props: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') props.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(collect);
  };
  for (const script of document.querySelectorAll('script[type="application/json"][data-island-props]')) {
    if (french(script)) collect(JSON.parse(script.textContent ?? 'null'));
  }
  return { texts, attributes, props };
}

let uiPatterns: { text: string; from: string; pattern: RegExp }[] | undefined;
const uiStrings = () => (uiPatterns ??= englishUiStrings().map((s) => ({ ...s, pattern: wholeWord(s.text) })));

/** Each English UI string found on the page, with where it was found and where it comes from. */
export function englishLeaks(found: PageStrings): string[] {
  const leaks: string[] = [];
  for (const [where, strings] of Object.entries(found)) {
    for (const value of strings as string[]) {
      for (const { text, from, pattern } of uiStrings()) if (pattern.test(value)) leaks.push(`${JSON.stringify(text)} (${from}) in ${where}: ${JSON.stringify(value.slice(0, 120))}`);
    }
  }
  return leaks;
}

// Words that say which language a text is in. A French page can quote an English name, so the
// check asks for French words to far outnumber English ones, not for none.
const FRENCH_WORDS = /(?<![\p{L}'’])(?:le|la|les|des|du|de|et|une?|pour|vous|votre|vos|nous|notre|nos|dans|sur|avec|est|sont|pas|aux?|qui|que)(?![\p{L}])/giu;
const ENGLISH_WORDS = /(?<![\p{L}'’])(?:the|and|of|to|your|you|with|for|is|are|our|we|this|that)(?![\p{L}])/giu;

/** A loaded French page: lang="fr-CA", its title, one visible h1, French text and no English interface string. */
export async function expectFrenchPage(page: Page, title: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-CA');
  await expect(page).toHaveTitle(title);
  await expect(page.locator('h1:visible')).toHaveCount(1);
  const found = await page.evaluate(frenchStrings);
  expect(englishLeaks(found)).toEqual([]);
  const text = found.texts.join('\n');
  const fr = text.match(FRENCH_WORDS)?.length ?? 0;
  const en = text.match(ENGLISH_WORDS) ?? [];
  expect(fr, 'French words on the page').toBeGreaterThan(20);
  expect(en.length, `English words: ${en.join(' ')}`).toBeLessThan(fr / 20);
}

/** How many English UI strings the leak check looks for. */
export const uiStringCount = () => uiStrings().length;
