// styles/main.scss → the stylesheet every page inlines in its head (README, "Styles: inlined,
// and why that is safe"); fonts referenced with asset-url() are hashed files.
//
// Sass is the embedded compiler (sass-embedded: Dart Sass compiled ahead of time, run as a
// child process), not the `sass` package (the same Dart Sass compiled to JavaScript). Same
// version, same output bytes; but the JavaScript one spent about 0.8 s of CPU per command on
// starting up (5 MB of JavaScript and the JIT warming up; a second compile in the same process
// took 0.17 s), and a full build had to run it on a worker thread, which added ~0.3 s of Node's
// type stripping. The native compiler needs ~0.3 s of CPU in all, in its own process, so the
// main thread only awaits it while it loads and checks the content (measured: user+sys of
// one compile, 0.85-1.2 s → 0.33-0.45 s; README, "How a big build stays fast").
//
// The `sass` package stays (the design card names it): when the embedded compiler cannot run
// (no prebuilt binary for the platform, or it fails to start), the styles compile with it, a
// few hundred milliseconds slower. A Sass error in our styles is never retried: it is reported.
// A test compiles with both and finds the same bytes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash } from './hash.ts';

export interface StylesResult {
  files: Map<string, Buffer>;
  /** The whole compiled stylesheet, for a <style> element. */
  css: string;
  fontPreload: string;
}

/** Compiles the styles. A Sass error rejects with Sass's own message (file:line). */
export async function compileStyles(root: string, compiler: 'embedded' | 'js' = 'embedded'): Promise<StylesResult> {
  if (compiler === 'js') return compileWith(root, (await import('sass')) as unknown as Sass);
  try {
    return await compileWith(root, await import('sass-embedded'));
  } catch (error) {
    if (error instanceof Error && 'sassMessage' in error) throw error;
    if (!warned) console.warn(`styles: the embedded Sass compiler could not run (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); compiling with the sass package`);
    warned = true;
    return compileWith(root, (await import('sass')) as unknown as Sass);
  }
}

type Sass = typeof import('sass-embedded');
let warned = false;

async function compileWith(root: string, sass: Sass): Promise<StylesResult> {
  const files = new Map<string, Buffer>();
  const fonts: string[] = [];
  const compiled = await sass.compileAsync(join(root, 'styles/main.scss'), {
    style: 'compressed',
    importers: [new sass.NodePackageImporter(root)],
    functions: {
      'asset-url($path)': (args) => {
        const path = args[0]!.assertString('path').text;
        const bytes = readFileSync(join(root, 'styles', path));
        const file = `assets/${path.replace(/\.([a-z0-9]+)$/, `-${hash(bytes)}.$1`)}`;
        files.set(file, bytes);
        fonts.push(`/${file}`);
        return new sass.SassString(`url("/${file}")`, { quotes: false });
      },
    },
  });
  // Raw text inside <style>: only `</style` could end it early, and our own Sass never writes
  // that; if a string in it ever did, fail here rather than ship a broken head.
  if (/<\/style/i.test(compiled.css)) throw new Error('styles: the compiled CSS contains "</style", which would end the inlined <style> element');
  return { files, css: compiled.css, fontPreload: fonts.find((f) => f.endsWith('.woff2')) ?? '' };
}
