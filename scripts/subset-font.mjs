// Writes styles/fonts/inter-latin-var.woff2, the font every page preloads, from the full
// variable Inter in styles/fonts/source/ (Google Fonts' "latin" subset: 231 characters, weights
// 100-900). It keeps every character and glyph, and narrows the weight axis to 400-800, the
// weights styles/ uses: 48 KB -> 35 KB, which a phone on a slow first visit downloads before the
// first screen can show in Inter (issue #20). Run it again only when the source font or the
// weights the styles use change; its output is committed, so builds never run it.
//   npm install --no-save subset-font@2 && npx node scripts/subset-font.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const root = resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
const { default: subsetFont } = await import('subset-font');
const fontkit = require('fontkit');

export const WEIGHTS = { min: 400, max: 800 };
const source = readFileSync(join(root, 'styles/fonts/source/inter-latin-var-100-900.woff2'));
const characters = String.fromCodePoint(...fontkit.create(source).characterSet);
const out = await subsetFont(source, characters, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } });
const check = fontkit.create(out);
if (check.characterSet.length !== fontkit.create(source).characterSet.length) throw new Error('a character was lost');
writeFileSync(join(root, 'styles/fonts/inter-latin-var.woff2'), out);
console.log(`styles/fonts/inter-latin-var.woff2: ${source.length} -> ${out.length} bytes, ${check.characterSet.length} characters, weights ${WEIGHTS.min}-${WEIGHTS.max}`);
