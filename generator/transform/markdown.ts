// Markdown → HTML for posts, legal text and rich fields. markdown-it with raw HTML off
// (authors write Markdown, not markup) plus one small extension: ==phrase== → <mark>.
import MarkdownIt, { type StateInline, type Token } from 'markdown-it';
import { DEFAULT_LOCALE, localizeHref, type Locale } from '../content/locales.ts';

export interface Heading { level: number; text: string; id: string }

/** A Markdown field after the transform stage: what templates insert, and where it came from. */
export interface Html {
  /** The rendered HTML (inline for one-paragraph fields: no <p> around it). */
  html: string;
  /** The author's Markdown, for places that need text rather than markup (JSON-LD). */
  source: string;
  /** The headings, with their ids (empty for inline fields). */
  headings: Heading[];
}

const md = new MarkdownIt({ html: false, linkify: false, typographer: true });
md.inline.ruler.before('emphasis', 'highlight', highlightRule);

/**
 * Markup for an image written in Markdown (`src` as written, its alt text), or undefined to
 * leave markdown-it's <img>. The build passes one that gives photos their <picture>
 * (generator/assets/images/html.ts), the same as a template's.
 */
export type ImageHtml = (src: string, alt: string) => string | undefined;
interface RenderEnv { image?: ImageHtml }

const plainImage = md.renderer.rules.image!;
md.renderer.rules.image = (tokens, idx, options, env: RenderEnv, self) => {
  const token = tokens[idx]!;
  const html = env.image?.(token.attrGet('src') ?? '', self.renderInlineAsText(token.children ?? [], options, env));
  return html ?? plainImage(tokens, idx, options, env, self);
};

// A table sits in a box of its own that scrolls sideways (a phone is narrower than most tables,
// which had widened the whole page): a named region, focusable so that a keyboard can scroll it
// (WCAG 2.1.1), named by the heading above it, else by its header row (renderMarkdown marks it).
md.renderer.rules.table_open = (tokens, idx, options, _env, self) => {
  const { labelledBy, header } = (tokens[idx]!.meta ?? {}) as { labelledBy?: string; header?: string };
  const name = labelledBy ? ` aria-labelledby="${md.utils.escapeHtml(labelledBy)}"` : ` aria-label="${md.utils.escapeHtml(header || 'Table')}"`;
  return `<div class="table-scroll" role="region" tabindex="0"${name}>${self.renderToken(tokens, idx, options)}`;
};
md.renderer.rules.table_close = (tokens, idx, options, _env, self) => `${self.renderToken(tokens, idx, options).trimEnd()}</div>\n`;

/** ==text== becomes <mark>text</mark>; the text inside keeps its own emphasis. */
function highlightRule(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  const src = state.src;
  if (src.charCodeAt(start) !== 0x3d || src.charCodeAt(start + 1) !== 0x3d) return false;
  const end = src.indexOf('==', start + 2);
  if (end < 0 || end === start + 2 || /^\s|\s$/.test(src.slice(start + 2, end))) return false;
  if (!silent) {
    state.push('mark_open', 'mark', 1);
    const oldMax = state.posMax;
    state.pos = start + 2;
    state.posMax = end;
    state.md.inline.tokenize(state);
    state.posMax = oldMax;
    state.push('mark_close', 'mark', -1);
  }
  state.pos = end + 2;
  return true;
}

export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Renders Markdown; headings get stable ids so a side list or a URL hash can point at them. */
export function renderMarkdown(source: string, options: { headingOffset?: number; locale?: Locale; image?: ImageHtml } = {}): { html: string; headings: Heading[] } {
  const env: RenderEnv = { image: options.image };
  const tokens = md.parse(source, env);
  localizeLinks(tokens, options.locale ?? DEFAULT_LOCALE);
  const headings: Heading[] = [];
  const used = new Set<string>();
  let lastHeading: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'table_open') token.meta = { labelledBy: lastHeading, header: headerRow(tokens, i) };
    if (token.type !== 'heading_open') continue;
    const inline = tokens[i + 1]!;
    const text = inline.children?.filter((c) => c.type === 'text' || c.type === 'code_inline').map((c) => c.content).join('') ?? inline.content;
    // "4. Fees and payment" → #fees-and-payment: the number is for reading, not for links.
    const base = slugify(text.replace(/^\d+[.)]\s*/, '')) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    const level = Number(token.tag.slice(1)) + (options.headingOffset ?? 0);
    token.tag = tokens[i + 2]!.tag = `h${Math.min(level, 6)}`;
    token.attrSet('id', id);
    lastHeading = id;
    headings.push({ level, text, id });
  }
  return { html: md.renderer.render(tokens, md.options, env), headings };
}

/** The text of a table's header cells (from its table_open at `from`), joined: its name when no heading is above it. */
function headerRow(tokens: Token[], from: number): string {
  const cells: string[] = [];
  for (let i = from + 1; i < tokens.length && tokens[i]!.type !== 'thead_close' && tokens[i]!.type !== 'table_close'; i++) {
    if (tokens[i]!.type === 'inline') cells.push(tokens[i]!.content.trim());
  }
  return cells.filter(Boolean).join(', ');
}

export function renderInline(source: string, locale: Locale = DEFAULT_LOCALE): string {
  const env = {};
  const tokens = md.parseInline(source, env);
  localizeLinks(tokens, locale);
  return md.renderer.render(tokens, md.options, env);
}

/** A link or image as markdown-it reads it: `href` as written (decoded), `line` (from 0) where its paragraph starts. */
export interface MarkdownTarget { image: boolean; href: string; alt: string; line: number }

/**
 * Every link and image the renderer will make of `source` (`inline`: a one-paragraph field),
 * reference links and `<…>` destinations included. A link markdown-it refuses (javascript:…)
 * is not one: it stays text.
 */
export function markdownTargets(source: string, inline = false): MarkdownTarget[] {
  const found: MarkdownTarget[] = [];
  for (const token of inline ? md.parseInline(source, {}) : md.parse(source, {})) {
    if (token.type !== 'inline' || !token.children) continue;
    const line = token.map?.[0] ?? 0;
    for (const child of token.children) {
      if (child.type === 'link_open') found.push({ image: false, href: md.normalizeLinkText(child.attrGet('href') ?? ''), alt: '', line });
      else if (child.type === 'image') found.push({ image: true, href: md.normalizeLinkText(child.attrGet('src') ?? ''), alt: child.content, line });
    }
  }
  return found;
}

/**
 * Links to pages of the site go to their counterpart in the page's language: a translator keeps
 * [the ELD page](/solutions/eld) as written and French readers land on /fr/solutions/eld.
 */
function localizeLinks(tokens: Token[], locale: Locale): void {
  if (locale === DEFAULT_LOCALE) return;
  for (const token of tokens) {
    if (token.children) localizeLinks(token.children, locale);
    if (token.type !== 'link_open') continue;
    const href = token.attrGet('href');
    if (href) token.attrSet('href', localizeHref(href, locale));
  }
}
