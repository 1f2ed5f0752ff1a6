// `npm run bench:images`: what photos cost. Reports, never asserts.
//   - 50 generated 4000×3000 photos (~3.4 MB JPEGs of a generated scene with EXIF and GPS, like a phone's), each the
//     hero of a post in a copy of content/
//   - a cold build (empty image cache): wall time and peak RSS
//   - a warm build (same cache): wall time and the number of encodes (should be 0)
//   - bytes a visitor downloads for one hero at 375 px (2×) and 1280 px (1×), against the source
// Options: --photos 50  --keep (leave the work folder for a look)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { phonePhoto } from '../tests/photo-fixtures.ts';

const root = resolve(import.meta.dirname, '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

if (process.argv[2] === '--child') {
  // One build in its own process, so its peak RSS is its own.
  const [, , , contentDir, cacheDir] = process.argv;
  const { Builder } = await import('../generator/build/build.ts');
  const { encodeImage } = await import('../generator/assets/images/encode.ts');
  const { delivered } = await import('../generator/assets/images/roles.ts');
  let encodes = 0;
  const encode = (bytes, transform) => (encodes++, encodeImage(bytes, transform));
  const start = performance.now();
  const builder = new Builder({ root, contentDir, mode: 'production', includeDrafts: false, imageCache: { dir: cacheDir, encode } });
  // Pages and cards handed on and dropped, as `site build` does (minus the writing).
  await builder.full({ retainPages: false, onPage: () => undefined });
  const ms = performance.now() - start;
  const hero = builder.rasters.get('images/blog/photo-01.jpg');
  console.log(JSON.stringify({
    ms, encodes, maxRssMB: process.resourceUsage().maxRSS / 1024,
    source: hero.encoded.source.bytes,
    phone: delivered(hero.encoded, 'hero', 'phone').bytes.length,
    desktop: delivered(hero.encoded, 'hero', 'desktop').bytes.length,
  }));
  process.exit(0);
}

const count = Number(arg('photos', '50'));
const work = join(root, '.bench/images');
rmSync(work, { recursive: true, force: true });
const content = join(work, 'content');
cpSync(join(root, 'content'), content, { recursive: true });
mkdirSync(join(content, 'images/blog'), { recursive: true });

let t = performance.now();
let total = 0;
for (let i = 1; i <= count; i++) {
  const name = `photo-${String(i).padStart(2, '0')}`;
  // A generated scene (gradients, shapes, texture and sensor noise: tests/photo-fixtures.ts)
  // that compresses like a photo, 4000×3000 at quality 92 as phones save them, with camera
  // and GPS EXIF. Pure noise would weigh far more than a real photo in AVIF.
  const bytes = await phonePhoto({ width: 4000, height: 3000, seed: i });
  writeFileSync(join(content, `images/blog/${name}.jpg`), bytes);
  total += bytes.length;
  writeFileSync(join(content, `blog/${name}.md`), `---
id: ${1000 + i}
title: "Photo essay number ${i} from the yard"
subheading: "A generated 4000 by 3000 photo, as a phone takes it, to measure the image pipeline."
description: "A generated photo essay used by the image benchmark: one large phone photo as the hero of the post."
date: 2024-11-${String((i % 28) + 1).padStart(2, '0')}
readTime: 3
category: technology
author:
  name: "Daniel Tremblay"
  image: images/people/author-2.svg
image: images/blog/${name}.jpg
imageAlt: "Generated photo ${i}"
tags: [bench]
---

A post whose hero is a large photo.
`);
}
console.log(`${count} photos of 4000×3000 generated (${(total / count / 1e6).toFixed(1)} MB each on average) in ${((performance.now() - t) / 1000).toFixed(0)} s`);

const cache = join(work, 'cache');
const build = () => {
  // Run as `site build` runs (bin/site.js's shebang and NODE_ENV), so its memory is comparable.
  const r = spawnSync(join(root, 'node_modules/.bin/node'), ['--max-semi-space-size=8', '--import', './bin/register.js', 'scripts/bench-images.mjs', '--child', content, cache], {
    cwd: root, encoding: 'utf8', env: { ...process.env, MALLOC_ARENA_MAX: '2', NODE_ENV: process.env.NODE_ENV ?? 'production' },
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop());
};
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
const cold = build();
console.log(`cold build: ${(cold.ms / 1000).toFixed(1)} s, peak RSS ${cold.maxRssMB.toFixed(0)} MB, ${cold.encodes} photos encoded`);
const warm = build();
console.log(`warm build: ${(warm.ms / 1000).toFixed(1)} s, peak RSS ${warm.maxRssMB.toFixed(0)} MB, ${warm.encodes} photos encoded`);
console.log(`one hero: source ${kb(cold.source)}; delivered AVIF ${kb(cold.phone)} at 375 px (2×), ${kb(cold.desktop)} at 1280 px (1×)`);
console.log(`cache: ${(spawnSync('du', ['-sm', cache], { encoding: 'utf8' }).stdout.split('\t')[0])} MB`);
if (!process.argv.includes('--keep')) rmSync(work, { recursive: true, force: true });
