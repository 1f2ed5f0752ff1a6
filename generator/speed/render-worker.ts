// A render thread (generator/speed/render-pool.ts): renders the routes it is sent with render.ts, as
// the main thread would, writes each page where it is told (a file in the new build's folder,
// OutputDir.claim), and sends back the page's size, SHA-256, islands and what it asked its
// asset store for. Its bytes never cross threads.
//
// This file is the thread's entry and runs before the TypeScript loader is registered here
// (a thread does not inherit the main thread's hooks): it uses only type-strippable syntax and
// imports the generator's modules once bin/register.js has run.
import { parentPort, workerData } from 'node:worker_threads';
import { enableCompileCache } from 'node:module';
import { dirname } from 'node:path';
import type { RenderInputs, ClientAssets } from '../render/render.ts';
import type { RenderThreadData, ToPool, ToThread } from './render-pool.ts';

const data = workerData as RenderThreadData;
if (data.compileCache) enableCompileCache(data.compileCache);
// @ts-expect-error: a plain JavaScript module without types (it only registers hooks)
await import('../../bin/register.js');
const { renderRoute, renderCache, RenderError } = await import('../render/render.ts');
const { AssetStore } = await import('../assets/assets.ts');
const { Recorder } = await import('./asset-record.ts');
const { crc32Of, sha256 } = await import('../hash.ts');
const { loadTemplates } = await import('./templates-bundle.ts');
const { Folders, writePieces } = await import('../output/write.ts');
// From the templates' bundle when it is fresh; a stale one is remade by the main thread, not here.
const { templates } = await loadTemplates(data.root, undefined, { make: false });

const assets = new AssetStore(data.contentDir);
for (const [path, encoded] of data.rasters) assets.useRaster(path, encoded);
const recorder = new Recorder();
const folders = new Folders();
let inputs: RenderInputs | undefined;

const port = parentPort!;
const send = (message: ToPool) => port.postMessage(message);

port.on('message', (message: ToThread) => {
  if ('client' in message) {
    inputs = recorder.wrap({
      templates,
      sites: data.sites,
      untranslated: data.untranslated,
      mode: data.mode,
      image: (path, role) => assets.image(path, role),
      inlineImage: (path) => assets.inlineImage(path),
      icon: (path) => assets.icon(path),
      client: message.client as ClientAssets,
      cache: renderCache({ arena: true }),
    });
    return;
  }
  for (const [index, target] of message.render) {
    const route = data.routes[index]!;
    recorder.reset();
    let page;
    try {
      page = renderRoute(route, inputs!);
    } catch (error) {
      const cause = error instanceof RenderError ? error.cause : error;
      send({
        index,
        error: {
          render: error instanceof RenderError,
          message: cause instanceof Error ? cause.message : String(cause),
          stack: cause instanceof Error ? cause.stack : undefined,
        },
      });
      continue;
    }
    // Written on libuv's threads while the next page renders; answered once it is on disk.
    const { chunks, islands } = page;
    const calls = recorder.calls();
    folders.make(dirname(target), (failed) => {
      if (failed) return send({ index, error: { write: true, render: false, message: failed.message } });
      writePieces(target, chunks, (error) => {
        if (error) send({ index, error: { write: true, render: false, message: error.message } });
        else send({ index, length: chunks.reduce((n, c) => n + c.length, 0), sha256: sha256(chunks), crc32: crc32Of(chunks), islands, assets: calls });
      });
    });
  }
});
send({ ready: true });
