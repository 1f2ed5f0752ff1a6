// Photos as a phone stores them, generated with sharp for the tests of #17 (no binary fixture
// in git): a large JPEG with the camera's EXIF, an owner's name and a GPS block, optionally
// stored sideways with an EXIF orientation; and a post or a leader that shows one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/** Where the fixtures' GPS block says they were taken: Toronto, 43°39′N 79°23′W. */
export const GPS = { IFD3: { GPSLatitude: '43/1 39/1 0/1', GPSLatitudeRef: 'N', GPSLongitude: '79/1 23/1 0/1', GPSLongitudeRef: 'W' } };

/**
 * A JPEG of `width`×`height` stored pixels: noise over a gradient, so it compresses like a photo
 * (a flat colour would make every output a few hundred bytes), with camera, owner and GPS EXIF.
 * `orientation` 6 means "rotate 90° clockwise to view": an upright copy is `height` wide.
 */
export async function phonePhoto(options: { width: number; height: number; orientation?: number; quality?: number; seed?: number }): Promise<Buffer> {
  const { width, height } = options;
  const pixels = Buffer.alloc(width * height * 3);
  let x = options.seed ?? 1;
  for (let i = 0; i < pixels.length; i += 3) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 3;
    const noise = x % 48;
    pixels[i] = ((p % width) * 200) / width + noise;
    pixels[i + 1] = (Math.floor(p / width) * 180) / height + noise;
    pixels[i + 2] = 90 + noise;
  }
  let image = sharp(pixels, { raw: { width, height, channels: 3 } })
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
