// The Markdown thread (markdown-ahead.ts, MarkdownAhead): renders the post bodies a big build's
// pages will read next, beside the main thread, with the very function the main thread would
// call (markdown.ts, renderMarkdown). Bodies it is given hold no image (`![`), so no asset store
// is needed: the same source and language give the same bytes on either thread. Runs under
// Node's own type stripping: erasable TypeScript only.
//
// A batch's HTML goes back as UTF-8 in one transferred buffer, not as strings: strings would
// arrive in the main thread's heap and wait there for their pages, long enough to be promoted
// and to grow its old generation; the bytes wait outside it, and each page decodes its own as
// it reads it.
import { parentPort } from 'node:worker_threads';
import { renderMarkdown, type Heading } from '../transform/markdown.ts';
import type { Locale } from '../content/locales.ts';

parentPort!.on('message', ({ ids, sources, locales }: { ids: number[]; sources: string[]; locales: Locale[] }) => {
  const html: string[] = [];
  const headings: (Heading[] | undefined)[] = [];
  for (let i = 0; i < sources.length; i++) {
    try {
      const rendered = renderMarkdown(sources[i]!, { locale: locales[i] });
      html.push(rendered.html);
      headings.push(rendered.headings);
    } catch {
      // The main thread renders it again and meets the same error where it belongs (the page's).
      html.push('');
      headings.push(undefined);
    }
  }
  const ends: number[] = [];
  let size = 0;
  for (const text of html) ends.push((size += Buffer.byteLength(text)));
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const text of html) at += bytes.write(text, at, 'utf8');
  parentPort!.postMessage({ ids, ends, headings, bytes: bytes.buffer }, [bytes.buffer]);
});
