#!/usr/bin/env node
// The `site` command. Node cannot run TypeScript with JSX by itself, so this file
// registers the loader and hands over to bin/site.ts, where the CLI lives.
// React's server renderer is several times faster in production mode; SITE_REACT_DEV=1
// opts into its development warnings (the preview's client bundles follow the same switch).
process.env.NODE_ENV ??= process.env.SITE_REACT_DEV ? 'development' : 'production';
await import('./register.js');
await import('./site.ts');
