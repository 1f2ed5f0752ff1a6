// `site build` and `site validate`.
import { relative } from 'node:path';
import { Builder } from '../build.ts';
import { loadAll } from '../load.ts';
import { validate } from '../validate.ts';
import { OutputDir } from '../write.ts';
import { ContentError } from '../problems.ts';
import { green, printSummary, printTimings } from './output.ts';

export const projectRoot = new URL('../../', import.meta.url).pathname.replace(/\/$/, '');

export async function runBuild(options: { contentDir: string; outDir: string; includeDrafts: boolean }): Promise<void> {
  const start = performance.now();
  const builder = new Builder({ root: projectRoot, contentDir: options.contentDir, mode: 'production', includeDrafts: options.includeDrafts });
  // Nothing reaches the disk before the content is valid: full() throws before rendering.
  const out = new OutputDir(options.outDir);
  let outputs;
  try {
    outputs = await builder.full({ onPage: (file, bytes) => out.write(file, bytes), retainPages: false });
  } catch (error) {
    await out.abort();
    throw error;
  }
  const writeStart = performance.now();
  await out.commit(outputs);
  // Pages were written while rendering; this is what was left after the last one.
  builder.timings.push({ stage: 'write', ms: performance.now() - writeStart });
  printTimings(builder.timings);
  printSummary(builder.summary(), relative(process.cwd(), options.outDir) || '.', performance.now() - start);
}

export async function runValidate(options: { contentDir: string }): Promise<void> {
  const start = performance.now();
  const records = loadAll(options.contentDir);
  const result = validate(records, { contentDir: options.contentDir, includeDrafts: true });
  if (result.problems.length) throw new ContentError(result.problems);
  console.log(green(`✓ ${records.length} content files are valid (${(performance.now() - start).toFixed(0)} ms)`));
}
