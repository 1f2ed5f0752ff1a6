// Writes generator/content/content-types.ts from the JSON Schemas (see generator/content/schema-types.ts).
// Run with `npm run schema-types` after changing a schema; the unit tests fail until you do.
import { writeFileSync } from 'node:fs';
import { contentTypes, readSchemas } from '../generator/content/schema-types.ts';

const out = new URL('../generator/content/content-types.ts', import.meta.url);
writeFileSync(out, contentTypes(readSchemas()));
console.log(`wrote ${out.pathname}`);
