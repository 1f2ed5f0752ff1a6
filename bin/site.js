#!/usr/bin/env node
// The `site` command. Node cannot run TypeScript with JSX by itself, so this file
// registers the loader and hands over to bin/site.ts, where the CLI lives.
import './register.js';
await import('./site.ts');
