// The worker thread behind compileStylesInWorker (styles.ts).
// It starts with the process's compile cache in its environment (styles.ts, threadEnv): Sass's
// megabytes of JavaScript are the reason to want it here (see bin/site.js).
import { parentPort, workerData } from 'node:worker_threads';
import { compileStyles } from './styles.ts';

const { root } = workerData as { root: string };
try {
  const result = await compileStyles(root);
  parentPort!.postMessage({ files: [...result.files], css: result.css, fontPreload: result.fontPreload, inputs: result.inputs, sources: result.sources });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
