// Writes the Inter files the site uses, from the full variable Inter in styles/fonts/source/
// (Google Fonts' "latin" subset: 231 characters, weights 100-900). Every file narrows the weight
// axis to 400-800, the weights styles/ uses. Run it again only when the source font, the weights
// or the character split change; its output is committed, so builds never run it.
//   npm install --no-save subset-font@2 && npx node scripts/subset-font.mjs
//
// - inter-latin-var.woff2: all 231 characters. Social cards are drawn with it (a title may hold
//   any of them); no page loads it.
// - inter-core-var.woff2: what English and Canadian French text is made of (printable ASCII,
//   French letters, typographic quotes and dashes, the spaces fr-CA formatting writes). Every
//   page preloads it, a smaller file than the whole set: it is what stands between a phone's
//   first visit and the first screen in Inter (Lighthouse counts the preloaded font in LCP).
// - inter-rest-var.woff2: the other 85 characters. Its @font-face has a unicode-range, so a
//   browser fetches it only for a page that shows one of them (£, ß, ñ, ø…), never preloaded.
// styles/_tokens.scss writes the same two ranges; tests/unit/assets/fonts.test.ts checks that each file
// holds exactly the characters its range names.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { default: subsetFont } = await import('subset-font');
const fontkit = require('fontkit');

export const WEIGHTS = { min: 400, max: 800 };
const ascii = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => 0x20 + i);
// French letters (both cases; the source has no Ÿ), « » ‘ ’ “ ” – — … • © ® ™ € ° × · and the
// no-break space. The source has no narrow no-break space (U+202F, which fr-CA number formatting
// writes): the browser draws that blank from the fallback font, as it did before the split.
const extra = [...'àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜ«»‘’“”–—…•©®™€°×·\u00a0'].map((c) => c.codePointAt(0));
export const CORE = [...ascii, ...extra].sort((a, b) => a - b);

const source = readFileSync(join(root, 'styles/fonts/source/inter-latin-var-100-900.woff2'));
const all = fontkit.create(source).characterSet;
// U+0 and U+FFFF are in the cmap but are no text; the full file keeps them as the source has them.
const rest = all.filter((c) => !CORE.includes(c) && c >= 0x20 && c !== 0xffff);
const missing = CORE.filter((c) => !all.includes(c));
if (missing.length) throw new Error(`the source font lacks ${missing.map((c) => `U+${c.toString(16)}`).join(' ')}`);

/** CSS unicode-range of a sorted list of code points, runs folded (U+20-7E). */
export const unicodeRange = (points) => {
  const runs = [];
  for (const c of points) {
    const last = runs.at(-1);
    if (last && last[1] === c - 1) last[1] = c;
    else runs.push([c, c]);
  }
  return runs.map(([a, b]) => (a === b ? `U+${a.toString(16).toUpperCase()}` : `U+${a.toString(16).toUpperCase()}-${b.toString(16).toUpperCase()}`)).join(', ');
};

for (const [file, points] of [['inter-latin-var.woff2', all], ['inter-core-var.woff2', CORE], ['inter-rest-var.woff2', rest]]) {
  const out = await subsetFont(source, String.fromCodePoint(...points), { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
  const held = fontkit.create(out).characterSet;
  if (points.some((c) => !held.includes(c))) throw new Error(`${file}: a character was lost`);
  writeFileSync(join(root, 'styles/fonts', file), out);
  console.log(`styles/fonts/${file}: ${out.length} bytes, ${points.length} characters, weights ${WEIGHTS.min}-${WEIGHTS.max}`);
  if (file !== 'inter-latin-var.woff2') console.log(`  unicode-range: ${unicodeRange(points)}`);
}
