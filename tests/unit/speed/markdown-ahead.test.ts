// Post bodies rendered ahead on the Markdown thread (generator/speed/markdown-ahead.ts): the thread's
// HTML and headings are the main thread's to the byte, in both languages; a lazy body read
// through MarkdownCache takes them; a thread that stops costs nothing but speed.
import { afterEach, describe, expect, test } from 'vitest';
import { MarkdownAhead } from '../../../generator/speed/markdown-ahead.ts';
import { renderMarkdown } from '../../../generator/transform/markdown.ts';
import { lazyBody, MarkdownCache } from '../../../generator/transform/transform.ts';
import type { Locale } from '../../../generator/content/locales.ts';

const bodies = [
  '## 1. Why it matters\n\nRead [the ELD page](/solutions/eld) and [the FAQ](/faqs#hours), or [elsewhere](https://example.com/x).\n\n## Why it matters\n\nA ==highlighted *phrase*== and "quotes" -- with dashes...\n',
  '## Café, crème et 🚚 au Québec\n\n- one\n- two with `code <span>`\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n> quoted [home](/) and [blog](/blogs?category=eld)\n',
  '## Same\n\n## Same\n\n## Same\n\n1. first\n2. second\n\n漢字 and emoji 👩🏽‍🚒 and a line  \nbreak.\n',
  '',
];
const locales: Locale[] = ['en', 'fr'];

let ahead: MarkdownAhead | undefined;
afterEach(async () => {
  await ahead?.close();
  ahead = undefined;
});

describe('the Markdown thread', () => {
  test('renders each body to the HTML and headings the main thread gives, in English and in French (links to French pages)', async () => {
    ahead = new MarkdownAhead();
    const keys = locales.flatMap((locale) => bodies.map((source) => ({ key: {}, source, locale })));
    for (const { key, source, locale } of keys) ahead.request(key, { source, locale });
    await ahead.settled();
    for (const { key, source, locale } of keys) {
      const taken = ahead.take(key);
      expect(taken, `${locale}: ${source.slice(0, 20)}`).toEqual(renderMarkdown(source, { locale }));
    }
    expect(ahead.take(keys[0]!.key), 'given once').toBeUndefined();
    expect(ahead.stats).toEqual({ taken: keys.length, missed: 1 });
    // The French rendering is not the English one: the check above compares what differs.
    expect(renderMarkdown(bodies[0]!, { locale: 'fr' }).html).toContain('href="/fr/solutions/eld"');
  });

  test('a lazy body read through MarkdownCache takes the thread\'s rendering, the same as its own', async () => {
    ahead = new MarkdownAhead();
    const own = new MarkdownCache();
    const shared = new MarkdownCache();
    shared.useAhead(ahead);
    for (const locale of locales) {
      const lazies = bodies.map((source) => shared.in(locale).lazyBlock(source));
      for (const html of lazies) {
        const lazy = lazyBody(html)!;
        expect(lazy.body.locale).toBe(locale);
        ahead.request(lazy.key, lazy.body);
      }
      await ahead.settled();
      const before = ahead.stats.taken;
      lazies.forEach((html, i) => {
        const expected = own.in(locale).block(bodies[i]!);
        expect(html.html).toBe(expected.html);
        expect(html.headings).toEqual(expected.headings);
      });
      expect(ahead.stats.taken - before, 'every body came from the thread').toBe(bodies.length);
    }
    // Rendered HTML (not lazy) is nothing to ask for.
    expect(lazyBody(own.block(bodies[0]!))).toBeUndefined();
  });

  test('a thread that stops answers nothing more: the bodies are rendered on the main thread, the same', async () => {
    ahead = new MarkdownAhead();
    await (ahead as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const cache = new MarkdownCache('fr');
    cache.useAhead(ahead);
    const html = cache.lazyBlock(bodies[0]!);
    const lazy = lazyBody(html)!;
    ahead.request(lazy.key, lazy.body);
    await ahead.settled();
    expect(ahead.take(lazy.key)).toBeUndefined();
    expect(html.html).toBe(renderMarkdown(bodies[0]!, { locale: 'fr' }).html);
  });

  test('results never read (their pages came from the page cache) are dropped past a bound', async () => {
    ahead = new MarkdownAhead();
    const keys = Array.from({ length: 4 * MarkdownAhead.WINDOW + 40 }, () => ({}));
    keys.forEach((key, i) => ahead!.request(key, { source: `Post ${i}\n`, locale: 'en' }));
    await ahead.settled();
    expect(ahead.take(keys[0]!), 'the oldest went').toBeUndefined();
    expect(ahead.take(keys.at(-1)!)?.html).toBe('<p>Post ' + (keys.length - 1) + '</p>\n');
  });
});
