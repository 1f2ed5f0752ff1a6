// Photos as a phone stores them, generated with sharp for the tests of #17 (no binary fixture
// in git): a large JPEG with the camera's EXIF, an owner's name and a GPS block, optionally
// stored sideways with an EXIF orientation; and a post or a leader that shows one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** Where the fixtures' GPS block says they were taken: Toronto, 43°39′N 79°23′W. */
export const GPS = { IFD3: { GPSLatitude: '43/1 39/1 0/1', GPSLatitudeRef: 'N', GPSLongitude: '79/1 23/1 0/1', GPSLongitudeRef: 'W' } };

/** A deterministic pseudo-random sequence in [0, 1) (an LCG: the same seed, the same photo). */
function random(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32);
}

/**
 * A yard at dawn as an SVG `width`×`height`: a sky gradient with a low sun, hills, a grey lot
 * with lane lines and a few trucks and trees, colours and places drawn from `seed`. Smooth areas
 * and hard edges, like a photo, not the noise that compresses like nothing a phone takes.
 */
export function sceneSvg(width: number, height: number, seed = 1): string {
  const r = random(seed);
  const hue = Math.round(r() * 60 + 190);
  const horizon = height * (0.45 + r() * 0.1);
  const shapes: string[] = [];
  // Hills: a wavy band just above the horizon.
  let d = `M0 ${horizon}`;
  for (let x = 0; x <= width; x += width / 8) d += ` Q${x + width / 16} ${horizon - height * (0.05 + r() * 0.1)} ${x + width / 8} ${horizon}`;
  shapes.push(`<path d="${d} Z" fill="hsl(${hue - 80},25%,${30 + r() * 10}%)"/>`);
  for (let i = 0; i < 6; i++) {
    const x = r() * width, y = horizon + r() * height * 0.05, s = height * (0.06 + r() * 0.08);
    shapes.push(`<ellipse cx="${x}" cy="${y - s}" rx="${s * 0.6}" ry="${s}" fill="hsl(${100 + r() * 40},35%,${18 + r() * 12}%)"/>`);
  }
  for (let i = 1; i < 6; i++) {
    const x = (width * i) / 6;
    shapes.push(`<path d="M${x} ${horizon + height * 0.08} L${x + (x - width / 2) * 1.5} ${height}" stroke="#e8e2c8" stroke-width="${width / 300}" opacity="0.7"/>`);
  }
  for (let i = 0; i < 4; i++) {
    const w = width * (0.14 + r() * 0.08), h = w * 0.45, x = r() * (width - w), y = horizon + height * (0.1 + r() * 0.3);
    const body = `hsl(${Math.round(r() * 360)},${40 + r() * 40}%,${35 + r() * 25}%)`;
    shapes.push(`<rect x="${x}" y="${y}" width="${w * 0.72}" height="${h}" rx="${w / 60}" fill="${body}"/>`,
      `<rect x="${x + w * 0.74}" y="${y + h * 0.25}" width="${w * 0.26}" height="${h * 0.75}" rx="${w / 40}" fill="#d8d8d4"/>`,
      `<rect x="${x + w * 0.8}" y="${y + h * 0.32}" width="${w * 0.15}" height="${h * 0.22}" fill="url(#glass)"/>`,
      `<circle cx="${x + w * 0.15}" cy="${y + h}" r="${h * 0.14}" fill="#1c1c1c"/><circle cx="${x + w * 0.85}" cy="${y + h}" r="${h * 0.14}" fill="#1c1c1c"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,35%)"/><stop offset="0.7" stop-color="hsl(${hue - 170},70%,75%)"/><stop offset="1" stop-color="hsl(30,80%,80%)"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="#fff8e0"/><stop offset="0.2" stop-color="#ffd890" stop-opacity="0.8"/><stop offset="1" stop-color="#ffb060" stop-opacity="0"/></radialGradient>
<linearGradient id="lot" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6d6a66"/><stop offset="1" stop-color="#3b3a39"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#9ec3dc"/><stop offset="1" stop-color="#2d4a5c"/></linearGradient>
</defs>
<rect width="${width}" height="${horizon}" fill="url(#sky)"/>
<circle cx="${width * (0.2 + r() * 0.6)}" cy="${horizon - height * 0.05}" r="${height * 0.25}" fill="url(#sun)"/>
<rect y="${horizon}" width="${width}" height="${height - horizon}" fill="url(#lot)"/>
${shapes.join('\n')}
</svg>`;
}

/**
 * A JPEG of `width`×`height` stored pixels as a phone takes it: a scene (sceneSvg) softened a
 * little and with mild sensor noise, at quality 92, with camera, owner and GPS EXIF. It
 * compresses like a photo: flat colour would make every output a few hundred bytes, and pure
 * noise (as before) weighs ten times what a real photo does in AVIF. `orientation` 6 means
 * "rotate 90° clockwise to view": an upright copy is `height` wide.
 */
export async function phonePhoto(options: { width: number; height: number; orientation?: number; quality?: number; seed?: number }): Promise<Buffer> {
  const { width, height } = options;
  const { data, info } = await sharp(Buffer.from(sceneSvg(width, height, options.seed ?? 1))).blur(1.2).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  // Texture (gravel, foliage, grain at a few pixels' scale: what survives resizing and costs
  // an encoder bytes) from noise drawn at a quarter of the size and enlarged, then sensor noise
  // of ±6 levels; both from a seeded sequence (sharp's own noise is not seeded).
  const next = random((options.seed ?? 1) + 17);
  const [tw, th] = [Math.ceil(info.width / 4), Math.ceil(info.height / 4)];
  const coarse = Buffer.alloc(tw * th);
  for (let i = 0; i < coarse.length; i++) coarse[i] = 128 + Math.round((next() - 0.5) * 70);
  const texture = await sharp(coarse, { raw: { width: tw, height: th, channels: 1 } }).resize(info.width, info.height, { kernel: 'cubic' }).raw().toBuffer();
  for (let i = 0; i < data.length; i++) data[i] = Math.max(0, Math.min(255, data[i]! + texture[(i / 3) | 0]! - 128 + Math.round((next() - 0.5) * 12)));
  let image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .jpeg({ quality: options.quality ?? 92 })
    .withExif({ IFD0: { Make: 'Phone', Model: 'Pocket 12', Artist: 'Jane Driver' }, ...GPS });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** Writes bytes under content/, creating folders. */
export function writeContent(content: string, rel: string, bytes: Buffer | string): void {
  mkdirSync(dirname(join(content, rel)), { recursive: true });
  writeFileSync(join(content, rel), bytes);
}

/**
 * A post whose hero is `image` and whose text shows `bodyImage` (both content paths), at
 * /blog/<slug>. Its id is high enough not to collide with the shipped posts.
 */
export function photoPost(options: { slug: string; image: string; bodyImage?: string; id?: number; title?: string }): string {
  return `---
id: ${options.id ?? 901}
title: "${options.title ?? 'A Winter Morning in the Yard'}"
subheading: "What the yard looks like at six in the morning, when the first trucks leave for the 401."
description: "A photo essay from the Toronto yard: pre-trip inspections, block heaters and the first departures of a winter morning."
date: 2024-12-02
readTime: 3
category: technology
author:
  name: "Daniel Tremblay"
  role: "Compliance Lead"
  image: images/people/author-2.svg
image: ${options.image}
imageAlt: "Trucks lined up in the yard at dawn"
tags: [winter, yard]
---

The first trucks leave at six. Before that, every driver walks around the tractor and the trailer.

${options.bodyImage ? `![A driver checking the lights of a trailer](${options.bodyImage})\n\n` : ''}By seven the yard is half empty and the block heaters are unplugged.
`;
}
