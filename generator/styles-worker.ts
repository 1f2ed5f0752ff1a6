// The worker thread behind compileStylesInWorker (styles.ts).
import { parentPort, workerData } from 'node:worker_threads';
import { compileStyles } from './styles.ts';

try {
  const result = await compileStyles((workerData as { root: string }).root);
  parentPort!.postMessage({ files: [...result.files], css: result.css, fontPreload: result.fontPreload });
} catch (error) {
  parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
