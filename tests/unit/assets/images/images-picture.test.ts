// The <picture> markup: per-role sizes and srcsets from one encode, and the same markup
// for a template's image (templates/components/Picture.tsx) and a Markdown one (html.ts).
import { describe, expect, test } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Picture } from '../../../../templates/components/Picture.tsx';
import { pictureHtml } from '../../../../generator/assets/images/html.ts';
import { delivered, largestUse, pictureSet, roles, WIDTH_LADDER } from '../../../../generator/assets/images/roles.ts';
import type { Encoded, EncodedFile } from '../../../../generator/assets/images/encode.ts';

/** An encode of a 1500×1000 JPEG without pixels: sizes and names are what is under test. */
function encoded(hasAlpha = false): Encoded {
  const widths = [360, 640, 960, 1280, 1500];
  const files: EncodedFile[] = [];
  for (const format of ['avif', 'webp', 'jpeg'] as const) {
    for (const width of widths) files.push({ format, width, height: Math.round((width * 2) / 3), hash: `${format}${width}`, bytes: Buffer.alloc(width * (format === 'avif' ? 10 : 20)) });
  }
  return { source: { format: 'jpeg', width: 1500, height: 1000, bytes: 5_000_000, hasAlpha }, fallback: 'jpeg', dominant: '#336699', widths, files };
}
const url = (f: EncodedFile) => `/assets/img/x-${f.width}-${f.hash}.${f.format === 'jpeg' ? 'jpg' : f.format}`;

describe('pictureSet', () => {
  test('one srcset per format, the fallback as <img>, the widest file sets the size, 1280 is the plain src', () => {
    const set = pictureSet(encoded(), url);
    expect(set.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp']);
    expect(set.sources[0]!.srcset).toBe('/assets/img/x-360-avif360.avif 360w, /assets/img/x-640-avif640.avif 640w, /assets/img/x-960-avif960.avif 960w, /assets/img/x-1280-avif1280.avif 1280w, /assets/img/x-1500-avif1500.avif 1500w');
    expect(set.srcset).toContain('/assets/img/x-1500-jpeg1500.jpg 1500w');
    expect(set.src).toBe('/assets/img/x-1280-jpeg1280.jpg');
    expect([set.width, set.height]).toEqual([1500, 1000]);
    expect(set.placeholder).toBe('#336699');
  });

  test('an image with transparency has no placeholder colour (it would show through)', () => {
    expect(pictureSet(encoded(true), url).placeholder).toBeUndefined();
  });
});

describe('roles', () => {
  test('each role is shown at most as wide as its sizes say, and asks for at most the ladder top at 2×', () => {
    expect(largestUse('hero')).toBe(WIDTH_LADDER[WIDTH_LADDER.length - 1]);
    expect(largestUse('portrait')).toBe(440);
    expect(largestUse('avatar')).toBe(128);
    for (const [name, role] of Object.entries(roles)) {
      // The last entry, the default, is a length: px, a calc() ending in px, or vw.
      expect(role.sizes, name).toMatch(/(\d+px\)?|\d+vw)$/);
      expect(role.phone, name).toBeLessThanOrEqual(role.maxCss);
      expect(role.desktop, name).toBeLessThanOrEqual(role.maxCss);
    }
  });

  test('a phone at 2× downloads the narrowest AVIF that covers the role; a laptop at 1× likewise', () => {
    expect(delivered(encoded(), 'hero', 'phone').width).toBe(960); // 343 × 2 = 686
    expect(delivered(encoded(), 'hero', 'desktop').width).toBe(1280); // 1020
    expect(delivered(encoded(), 'portrait', 'phone').width).toBe(360); // 150 × 2
    expect(delivered(encoded(), 'card', 'desktop').width).toBe(640); // 384
    expect(delivered(encoded(), 'hero', 'phone').format).toBe('avif');
  });
});

describe('one markup for templates and Markdown', () => {
  const image = { ...pictureSet(encoded(), url), sizes: roles.article.sizes };
  test.each([
    ['a lazy body photo', {}],
    ['a priority hero with a class', { className: 'article__image', priority: true }],
  ])('%s', (_name, options: { className?: string; priority?: boolean }) => {
    const alt = `A "yard" & the driver's truck`;
    expect(pictureHtml(image, alt, options)).toBe(renderToStaticMarkup(createElement(Picture, { image, alt, ...options })));
  });

  test('an SVG stays a plain <img>, as before photos existed', () => {
    const svg = { src: '/assets/img/a-123.svg', width: 400, height: 300 };
    const html = renderToStaticMarkup(createElement(Picture, { image: svg, alt: 'A map' }));
    expect(html).toBe('<img src="/assets/img/a-123.svg" alt="A map" width="400" height="300" loading="lazy" decoding="async"/>');
    expect(pictureHtml(svg, 'A map')).toBe(html);
  });
});
