// Drawing one social card: the SVG template (images/social-card.ts) to a PNG with its title in the
// metadata, or a page's own image cropped to 1200×630, with sharp; the site's font through
// fontkit and its colours from the design tokens. cards.ts decides which cards to draw and keeps them.
import type { Glyph } from 'fontkit';
import { CARD_HEIGHT, CARD_WIDTH, type CardColours, type CardFont } from './images/social-card.ts';
import { withPngText } from './images/png-text.ts';
import { loadSharp } from './images/sharp.ts';

/** The design tokens the card's colours come from. */
export const TOKENS = 'styles/_tokens.scss';

/** Makes a card's bytes; replaceable so tests can count renders. */
export type CardRenderer = (job: CardJob) => Promise<Buffer>;

/** One card to make: from the template, or from the page's own image. */
export type CardJob =
  | { kind: 'template'; svg: () => Promise<string>; title: string; lang: string }
  | { kind: 'image'; source: Buffer; format: 'png' | 'jpeg'; svg: boolean };

/** Draws a card with sharp: the template's SVG to PNG (title in its metadata), or a page's own image cropped. */
export async function renderCard(job: CardJob): Promise<Buffer> {
  if (job.kind === 'template') {
    // Full colour at zlib level 6: a palette PNG is half the bytes, but quantising is much slower.
    const png = await loadSharp()(Buffer.from(await job.svg())).png({ compressionLevel: 6 }).toBuffer();
    return withPngText(png, 'Title', job.title, job.lang);
  }
  // An SVG is rasterised at the density that makes it cover the card, so it is never upscaled as pixels.
  let density: number | undefined;
  if (job.svg) {
    const { width = CARD_WIDTH, height = CARD_HEIGHT } = await loadSharp()(job.source).metadata();
    density = Math.min(72 * Math.max(1, CARD_WIDTH / width, CARD_HEIGHT / height), 2400);
  }
  // No withMetadata(): sharp writes no EXIF, so a photo's GPS position stays out of the card.
  const image = loadSharp()(job.source, density ? { density } : {}).rotate().resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover', position: 'attention' });
  return job.format === 'jpeg' ? image.jpeg({ quality: 82, mozjpeg: true }).toBuffer() : image.png({ compressionLevel: 9 }).toBuffer();
}

/**
 * Inter from the site's WOFF2, through fontkit: layout with kerning, and glyph outlines. Why a
 * library: sharp's fontconfig and FreeType cannot read WOFF2 (a `fontfile` of it is ignored and
 * DejaVu is drawn instead), and decoding WOFF2 by hand is Brotli plus glyf reconstruction.
 * fontkit cannot apply the variable font's weight axis to a WOFF2 (its composite glyphs fail),
 * so cards use the default instance, Regular, and the template strokes it to look bold.
 */
export async function loadCardFont(bytes: Buffer): Promise<CardFont> {
  const fontkit = await import('fontkit');
  const font = fontkit.create(bytes);
  const em = font.unitsPerEm;
  // Each glyph's outline in font units, read once: a card draws the same letters many times.
  const outlines = new Map<number, { command: string; args: number[] }[]>();
  const outline = (glyph: Glyph) => {
    let commands = outlines.get(glyph.id);
    if (!commands) outlines.set(glyph.id, (commands = glyph.path.commands));
    return commands;
  };
  return {
    width: (text) => font.layout(text).advanceWidth / em,
    path(text, size, x, y) {
      const glyphs = font.layout(text);
      const scale = size / em;
      const parts: string[] = [];
      let pen = 0;
      glyphs.glyphs.forEach((glyph, i) => {
        const at = glyphs.positions[i]!;
        const gx = x + (pen + at.xOffset) * scale;
        const gy = y - at.yOffset * scale;
        for (const { command, args } of outline(glyph)) {
          let d = SVG_COMMANDS[command] ?? '';
          for (let a = 0; a < args.length; a += 2) d += `${a ? ' ' : ''}${round(gx + args[a]! * scale)} ${round(gy - args[a + 1]! * scale)}`;
          parts.push(d);
        }
        pen += at.xAdvance;
      });
      return parts.join('');
    },
  };
}

const SVG_COMMANDS: Record<string, string> = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };
/** Hundredths of a pixel: finer than any rasteriser can show, short in the SVG. */
const round = (n: number) => Math.round(n * 100) / 100;

/** The card's colours from the design tokens, so the card follows the site when they change. */
export function tokenColours(scss: string): CardColours {
  const token = (name: string) => {
    const value = new RegExp(`--${name}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(scss)?.[1];
    if (!value) throw new Error(`${TOKENS} has no colour --${name}, which the social cards use`);
    return value;
  };
  return { ink: token('ink'), navy: token('navy'), green: token('green'), greenLight: token('green-light'), slateLight: token('slate-light'), white: token('white') };
}
