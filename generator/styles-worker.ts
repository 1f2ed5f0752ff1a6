// The worker thread behind compileStylesInWorker (styles.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { enableCompileCache } from 'node:module';
import { compileStyles } from './styles.ts';

const { root, compileCache } = workerData as { root: string; compileCache?: string };
// A worker does not inherit the process's compile cache; Sass's 5 MB of JavaScript is the
// reason to want it here (see bin/site.js).
if (compileCache) enableCompileCache(compileCache);
try {
  const result = await compileStyles(root);
  parentPort!.postMessage({ files: [...result.files], css: result.css, fontPreload: result.fontPreload, inputs: result.inputs, sources: result.sources });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
