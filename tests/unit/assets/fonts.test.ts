// Inter ships as two files split by character (scripts/subset-font.mjs, styles/_tokens.scss):
// the core every page preloads, and the rest a browser fetches only for a character in its
// unicode-range. A range naming a character its file lacks draws that character in the fallback
// font; a file holding one its range omits is bytes nobody can use. Each file must hold exactly
// the characters of its range, and the two ranges must not overlap.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { compileStyles } from '../../../generator/assets/styles.ts';
import { root } from '../../helpers.ts';

const fontkit = createRequire(import.meta.url)('fontkit') as { create(bytes: Buffer): { characterSet: number[] } };

/** The code points a CSS unicode-range names (U+20-7E, U+A0, …). */
function points(range: string): number[] {
  return range.split(',').flatMap((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16));
    return Array.from({ length: (b ?? a!) - a! + 1 }, (_, i) => a! + i);
  });
}

test('each Inter file holds exactly its unicode-range; the ranges do not overlap; the preloaded one is the core', async () => {
  const styles = await compileStyles(root);
  const faces = [...styles.css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1]!).filter((body) => /font-family:\s*"?Inter"?;/.test(body));
  expect(faces).toHaveLength(2);
  const seen = new Set<number>();
  for (const body of faces) {
    const url = body.match(/url\("?(\/assets\/fonts\/[^")]+\.woff2)"?\)/)![1]!;
    const range = points(body.match(/unicode-range:\s*([^;]+)/)![1]!);
    const source = styles.sources.find(([file]) => `/${file}` === url)![1];
    // U+0 and U+FFFF are in the cmap but are no text.
    const held = fontkit.create(readFileSync(source)).characterSet.filter((c) => c >= 0x20 && c !== 0xffff);
    expect([...held].sort((a, b) => a - b), url).toEqual([...range].sort((a, b) => a - b));
    for (const c of range) {
      expect(seen.has(c), `U+${c.toString(16)} in two ranges`).toBe(false);
      seen.add(c);
    }
  }
  const preloaded = faces.find((body) => body.includes(styles.fontPreload))!;
  expect(points(preloaded.match(/unicode-range:\s*([^;]+)/)![1]!)).toEqual(expect.arrayContaining([...'Aa é’«»—'].map((c) => c.codePointAt(0)!)));
});
