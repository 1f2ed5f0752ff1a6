#!/usr/bin/env -S MALLOC_ARENA_MAX=2 node --max-semi-space-size=8 --heap-growing-percent=100
// The `site` command. The flags above keep a big build's peak memory down at the same CPU
// (docs/performance.md, "Memory"): --max-semi-space-size=8 caps V8's young generation, which
// Node 24 otherwise grows to 64 MB per semi-space; MALLOC_ARENA_MAX=2 stops glibc from giving
// every allocating thread (libuv's file threads, sharp's encoders) an arena it keeps;
// --heap-growing-percent=100 lets the old generation only double between major collections.
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
// JavaScript (Sass, React's server renderer, ajv) is compiled once, not on every command; a
// read-only checkout simply runs without it.
enableCompileCache?.(new URL('../node_modules/.cache/node-compile-cache', import.meta.url).pathname);
process.env.NODE_ENV ??= process.env.SITE_REACT_DEV ? 'development' : 'production';
await import('./register.js');
await import('./site.ts');
