// The social card: the 1200×630 picture a page shows when its link is shared, as an
// SVG template. Pure: strings and numbers in, SVG text out; generator/assets/cards.ts loads the font
// and the brand files, renders the SVG to PNG with sharp and keeps the results.
//
// Text is drawn as glyph outlines (paths), never as <text>: librsvg picks <text> fonts through
// fontconfig, which cannot read the site's WOFF2 font and silently falls back to whatever the
// machine has (DejaVu on Debian), so a card would look different on every machine. Outlines
// from the shipped Inter look the same everywhere and can be measured exactly, which is what
// lets long titles wrap and end in an ellipsis instead of overflowing.

/** Card size in pixels: what Facebook, LinkedIn and X ask for (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** Bump when the template's output changes for the same inputs: it is part of the cache key. */
export const CARD_TEMPLATE_VERSION = 1;

/** A font the template can measure and draw with. */
export interface CardFont {
  /** Advance width of `text` at a size of 1 px (kerning included). */
  width(text: string): number;
  /** Path data drawing `text` at `size` px with its baseline's left end at (x, y). */
  path(text: string, size: number, x: number, y: number): string;
}

/** The colours of the card, from styles/_tokens.scss. */
export interface CardColours { ink: string; navy: string; green: string; greenLight: string; slateLight: string; white: string }

/** Everything a card shows. */
export interface CardInput {
  title: string;
  /** The part of the site, above the title (ui.yaml cardSections); none on the home page. */
  section?: string;
  /** The site's host, at the bottom: www.trilliumfleet.example. */
  host: string;
  /** BCP 47 tag of the card's language. */
  lang: string;
  /** The white logo (SVG file bytes) and the mark (SVG file bytes), from site.yaml. */
  logo: Buffer;
  mark: Buffer;
  colours: CardColours;
}

// Layout, in px. The title starts at the biggest size that fits in MAX_LINES lines; a title too
// long even at the smallest size keeps its first lines and ends in an ellipsis.
const MARGIN = 80;
const TEXT_WIDTH = CARD_WIDTH - 2 * MARGIN;
const TITLE_SIZES: readonly number[] = [72, 64, 56];
const MAX_LINES = 3;
const LINE_HEIGHT = 1.16;
const SECTION_SIZE = 30;
const HOST_SIZE = 26;
const ELLIPSIS = '…';

/** The title's lines and size: the biggest size at which it fits, else the smallest, cut with an ellipsis. */
export function titleLayout(title: string, font: CardFont): { size: number; lines: string[] } {
  const text = title.replace(/\s+/g, ' ').trim();
  for (const size of TITLE_SIZES) {
    const lines = wrapLines(text, (s) => font.width(s) * size, TEXT_WIDTH);
    if (lines.length <= MAX_LINES) return { size, lines };
  }
  const size = TITLE_SIZES[TITLE_SIZES.length - 1]!;
  return { size, lines: wrapLines(text, (s) => font.width(s) * size, TEXT_WIDTH, MAX_LINES) };
}

/**
 * Greedy word wrap of `text` into lines no wider than `max` (as `measure` says). Only ordinary
 * spaces break: French no-break spaces (before « : » ? !) keep their words together. A word
 * wider than a line is cut between letters. With `maxLines`, text beyond them is dropped and the
 * last line ends in an ellipsis that fits.
 */
export function wrapLines(text: string, measure: (s: string) => number, max: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ').filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= max) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word;
    // A word too long for a line of its own: cut it where it no longer fits.
    while (measure(line) > max) {
      const chars = [...line];
      let n = chars.length - 1;
      while (n > 1 && measure(chars.slice(0, n).join('')) > max) n--;
      lines.push(chars.slice(0, n).join(''));
      line = chars.slice(n).join('');
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = withEllipsis(kept[maxLines - 1]!, measure, max);
  return kept;
}

/** `line` shortened (by words, or letters for a single word) until it and an ellipsis fit in `max`. */
function withEllipsis(line: string, measure: (s: string) => number, max: number): string {
  let words = line.split(' ');
  while (words.length > 1 && measure(`${words.join(' ')}${ELLIPSIS}`) > max) words = words.slice(0, -1);
  let last = [...words.join(' ')];
  while (last.length > 1 && measure(`${last.join('')}${ELLIPSIS}`) > max) last = last.slice(0, -1);
  // No space before the ellipsis, and no dangling punctuation either ("Fleets, …" → "Fleets…").
  return `${last.join('').replace(/[\s,;:.–—-]+$/u, '')}${ELLIPSIS}`;
}

/** Text for XML content and attribute values: a title is input from a stranger. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The card as an SVG document. */
export function cardSvg(input: CardInput, font: CardFont): string {
  const { colours: c } = input;
  const { size, lines } = titleLayout(input.title, font);
  const lineGap = Math.round(size * LINE_HEIGHT);
  // The title block sits above the footer; the section heads it.
  const lastBaseline = 500;
  const firstBaseline = lastBaseline - (lines.length - 1) * lineGap;
  const sectionBaseline = firstBaseline - size - 30;
  // Inter Regular drawn with a stroke of its own colour reads as semibold/bold: the WOFF2's
  // variable weights are out of reach of the font library (see generator/assets/cards.ts).
  const bold = (px: number) => `stroke-width="${(px * 0.034).toFixed(2)}" stroke-linejoin="round"`;
  const title = lines.map((line, i) => font.path(line, size, MARGIN, firstBaseline + i * lineGap)).join('');
  const section = input.section ? font.path(input.section, SECTION_SIZE, MARGIN + 56, sectionBaseline) : '';
  const host = font.path(input.host, HOST_SIZE, MARGIN, 576);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    `<title>${escapeXml(input.title)}</title>`,
    input.section ? `<desc>${escapeXml(input.section)}</desc>` : '',
    // A flat background: a gradient costs twice the PNG bytes and shows bands.
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${c.ink}"/>`,
    // The mark, large and faint, bleeding off the right edge: the brand without competing with the title.
    `<image x="760" y="-40" width="560" height="560" opacity="0.13" href="${svgDataUrl(input.mark)}"/>`,
    `<image x="${MARGIN}" y="64" width="260" height="52" href="${svgDataUrl(input.logo)}"/>`,
    input.section ? `<rect x="${MARGIN}" y="${sectionBaseline - 13}" width="40" height="6" rx="3" fill="${c.green}"/>` : '',
    section ? `<path d="${section}" fill="${c.greenLight}" stroke="${c.greenLight}" ${bold(SECTION_SIZE * 0.6)}/>` : '',
    `<path d="${title}" fill="${c.white}" stroke="${c.white}" ${bold(size)}/>`,
    `<path d="${host}" fill="${c.slateLight}"/>`,
    `<rect y="${CARD_HEIGHT - 12}" width="${CARD_WIDTH}" height="12" fill="${c.green}"/>`,
    '</svg>',
  ].join('');
}

/**
 * A brand SVG as a data: URL for <image>: drawn in its own document, so its ids and styles
 * cannot clash with the card's, and librsvg loads nothing from disk or the network for it.
 */
function svgDataUrl(svg: Buffer): string {
  return `data:image/svg+xml;base64,${svg.toString('base64')}`;
}
