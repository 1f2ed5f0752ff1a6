// Social cards through the whole build: every route of both languages has a 1200×630 card
// that its page names in og:image and twitter:image, and that carries the page's title; a second
// build draws none; a preview edit draws only the card of the page it changed.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { join } from 'node:path';
import sharp from 'sharp';
import { Builder } from '../../../generator/build/build.ts';
import { renderCard, type CardJob } from '../../../generator/assets/card-draw.ts';
import { readPngText } from '../../../generator/assets/images/png-text.ts';
import { root, sandbox, type Sandbox } from '../../helpers.ts';

let box: Sandbox;
let cacheDir: string;
let drawn: string[] = [];
const counting = (job: CardJob) => {
  drawn.push(job.kind === 'template' ? job.title : 'image');
  return renderCard(job);
};
const builder = (mode: 'production' | 'preview' = 'production') => new Builder({ root, contentDir: box.content, mode, includeDrafts: false, cardCache: { cacheDir, render: counting } });
let first: Builder;
let outputs: Map<string, Buffer>;

beforeAll(async () => {
  box = sandbox();
  cacheDir = join(box.dir, 'cards');
  first = builder('preview');
  outputs = await first.full();
}, 120_000);
afterAll(() => box.remove());

const meta = (html: string, attr: 'property' | 'name', key: string) => new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('social cards in a build', () => {
  test('every route, in both languages, points to its own 1200×630 card, which carries its title', async () => {
    const routes = first.routes;
    expect(routes.some((r) => r.locale === 'fr')).toBe(true);
    expect(drawn).toHaveLength(routes.length);
    const url = first.site!.config.url;
    const seen = new Set<string>();
    for (const route of routes) {
      const html = outputs.get(route.file)!.toString('utf8');
      const image = meta(html, 'property', 'og:image');
      expect(image, route.path).toBe(`${url}${route.card!.src}`);
      expect(meta(html, 'name', 'twitter:image'), route.path).toBe(image);
      expect(meta(html, 'name', 'twitter:card'), route.path).toBe('summary_large_image');
      expect([meta(html, 'property', 'og:image:width'), meta(html, 'property', 'og:image:height')], route.path).toEqual(['1200', '630']);
      expect(meta(html, 'property', 'og:image:alt'), route.path).toBeTruthy();
      const png = outputs.get(route.card!.src.slice(1));
      expect(png, route.path).toBeDefined();
      expect(await sharp(png).metadata(), route.path).toMatchObject({ format: 'png', width: 1200, height: 630 });
      expect(readPngText(png!).get('Title'), route.path).toBe(route.title);
      seen.add(route.card!.src);
    }
    expect(seen.size).toBe(routes.length);
  });

  test('French pages get French cards: their section from content/fr/ui.yaml', () => {
    const fr = first.routes.find((r) => r.path === '/fr/solutions/adas')!;
    expect(fr.section).toBe(first.sites.fr!.ui.cardSections.solutions);
    const post = first.routes.find((r) => r.path === '/fr/blog-details/3')!;
    expect(post.section).toBe('Blogue');
    expect(first.routes.find((r) => r.path === '/blog-details/3')!.section).toBe('Blog');
  });

  test('a preview edit of one title draws that one card only', async () => {
    drawn = [];
    const post = first.routes.find((r) => r.path === '/blog-details/3')!;
    const file = `blog/${post.props.post!.slug}.md`;
    box.edit(file, /^title: .*$/m, 'title: "Great Lakes Regional Freight & its ELDs: a <customer> story"');
    const update = await first.update([join(box.content, file)]);
    expect(update.problems).toEqual([]);
    expect(drawn).toEqual(['Great Lakes Regional Freight & its ELDs: a <customer> story']);
    const edited = first.routes.find((r) => r.path === '/blog-details/3')!;
    expect(readPngText(first.outputs.get(edited.card!.src.slice(1))!).get('Title')).toBe('Great Lakes Regional Freight & its ELDs: a <customer> story');
    expect(update.changedFiles).toContain(edited.card!.src.slice(1));
  });

  test('a second build draws no card and writes the same bytes', async () => {
    drawn = [];
    const again = builder();
    const second = await again.full();
    expect(drawn).toEqual([]);
    expect(again.cards.stats.rendered).toBe(0);
    for (const route of again.routes) {
      const file = route.card!.src.slice(1);
      expect(second.get(file)!.equals(first.outputs.get(file)!), route.path).toBe(true);
    }
  }, 60_000);
});
