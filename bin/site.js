#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 --heap-growing-percent=100
// The `site` command. The first V8 flag above caps the young generation at 8 MB per semi-space:
// Node 24 lets it grow to 64 MB on a machine with plenty of memory, and a 4,000-post build then
// peaks near 450 MB; with 8 MB it peaks near 340 MB and is no slower (measured: npm run bench).
// MALLOC_ARENA_MAX=2: glibc gives each thread that allocates (libuv's file threads, sharp's
// encoders for photos and social cards) an arena of its own, which it keeps; a 50-photo build
// peaked at 826 MB with the default and 470 MB with 2. Builds of 1,000 posts (warm cards, 3 runs
// each, load 11-14) peaked at 233-247 MB with the default and 202-241 MB with 2, at no CPU cost
// that the noise shows (user 4.2-5.9 s against 4.1-5.2 s).
// --heap-growing-percent=100: after a major GC, V8 lets the old generation grow by a factor it
// chooses (up to 4x on a machine with memory to spare) before the next one; a big build keeps
// ~80 MB alive per 4,000 posts and peaked 100 MB and more above what a factor of 2 allows. A/B on
// a quiet machine, 4,000 posts, alternating runs: V8's choice 466-485 MB peak and 7.9-9.0 s user
// CPU; 2x 343-380 MB and 8.7-9.9 s; 1.5x 347-371 MB but 9.2-12.1 s (more major GCs).
// Both apply when the file runs as a program (npx site, npm scripts, the npm bin link);
// `node bin/site.js` runs without them. Node cannot run TypeScript with JSX by itself, so this file
// registers the loader and hands over to bin/site.ts, where the CLI lives.
// React's server renderer is several times faster in production mode; SITE_REACT_DEV=1
// opts into its development warnings (the preview's client bundles follow the same switch).
// This file imports nothing statically: on an older Node a static import of an API it lacks
// fails at link time, before any line runs, with a SyntaxError a newcomer cannot act on.
const major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  process.stderr.write(`site needs Node 24 or newer; this is Node ${process.versions.node} (${process.execPath}). Run it as \`npx site …\` or \`npm start\`, which use the project's Node 24 (node_modules/.bin/node, installed by \`npm ci\`).\n`);
  process.exit(2);
}
const { enableCompileCache } = await import('node:module');

// V8's code cache on disk (Node's own mechanism, as Astro's bin uses): the dependencies'
// JavaScript (Sass, React's server renderer, ajv) is compiled once, not on every command.
// Saves about 80 ms per command; a read-only checkout simply runs without it.
enableCompileCache?.(new URL('../node_modules/.cache/node-compile-cache', import.meta.url).pathname);
process.env.NODE_ENV ??= process.env.SITE_REACT_DEV ? 'development' : 'production';
await import('./register.js');
await import('./site.ts');
