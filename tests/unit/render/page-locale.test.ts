// What a French page shows in French conventions and what an English page keeps exactly (#16
// item 3): dates, numbers and the postal address in fr-CA on /fr pages, and each listed item
// that has no translation yet marked lang="en-CA". Rendered in memory from the shipped content,
// or from it with some French files left out.
import { beforeAll, describe, expect, test } from 'vitest';
import { loadAll, type SourceRecord } from '../../../generator/content/load.ts';
import { renderRoute, type RenderInputs } from '../../../generator/render/render.ts';
import type { Route } from '../../../generator/render/routes.ts';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir } from '../../helpers.ts';
import { builtLanguages, stubInputs } from '../../languages-helpers.ts';

const NBSP = '\u00a0';

let records: SourceRecord[];
let routes: Route[];
let sites: Partial<Record<'en' | 'fr', Site>>;
let inputs: RenderInputs;

beforeAll(async () => {
  records = loadAll(contentDir);
  const result = builtLanguages(records);
  ({ routes, sites } = result);
  inputs = await stubInputs(result.sites, result.untranslated);
});

const page = (path: string, from: { routes: Route[]; inputs: RenderInputs } = { routes, inputs }) => {
  const route = from.routes.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return renderRoute(route, from.inputs).html;
};

/** The props an island was given, as the page serialises them. */
function islandProps<T>(html: string, name: string): T {
  const id = new RegExp(`data-island="${name}" data-island-id="(i\\d+)"`).exec(html)?.[1];
  if (!id) throw new Error(`no ${name} island`);
  const json = new RegExp(`<script type="application/json" data-island-props="${id}">(.*?)</script>`, 's').exec(html)![1]!;
  return JSON.parse(json) as T;
}

describe('dates and numbers on French pages are written in fr-CA', () => {
  test('a post card, an article and a legal page give their dates as « 24 mars 2024 » (they said "March 24, 2024")', () => {
    const blogs = page('/fr/blogs');
    const cards = islandProps<{ posts: { date: string; dateLabel: string; readTime: string }[] }>(blogs, 'BlogList').posts;
    expect(cards.find((c) => c.date === '2024-03-24')?.dateLabel).toBe('24 mars 2024');
    expect(cards.find((c) => c.date === '2024-11-05')?.readTime).toMatch(/^\d+\u00a0min de lecture$/);
    expect(blogs).toContain('<time dateTime="2024-03-24">24 mars 2024</time>');
    expect(page('/fr/blog-details/2')).toContain('<time dateTime="2024-03-24">24 mars 2024</time>');
    expect(page('/fr/terms-conditions')).toMatch(/Dernière mise à jour\s: 25 juillet 2024<\/p>/);
    for (const path of ['/fr/blogs', '/fr/blog-details/2', '/fr/terms-conditions', '/fr', '/fr/contact-us']) {
      expect(page(path), path).not.toMatch(/(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, 20\d\d/);
    }
  });

  test('the contact page\'s rating reads « 4,5 » and its stars « Note de 5 sur 5 » (it said "4.5")', () => {
    const html = page('/fr/contact-us');
    expect(html).toContain('<strong>4,5</strong>');
    expect(html).toContain('aria-label="Note de 5 sur 5"');
    expect(html).not.toContain('4.5<');
  });

  test('English pages keep the English forms', () => {
    expect(page('/blog-details/2')).toContain('<time dateTime="2024-03-24">March 24, 2024</time>');
    expect(page('/terms-conditions')).toContain('Last Updated at July 25, 2024</p>');
    expect(page('/contact-us')).toContain('<strong>4.5</strong>');
  });
});

describe('the postal address on French pages, as Canada Post and the OQLF write it', () => {
  test('the footer: « 250, rue Harbourview, bureau 1400 », « Toronto (Ontario)  M5J 2N8 », « Canada »', () => {
    expect(page('/fr')).toContain(`<span>250, rue Harbourview, bureau 1400<br/>Toronto (Ontario)${NBSP}${NBSP}M5J 2N8<br/>Canada</span>`);
    expect(page('/')).toContain('<span>Suite 1400, 250 Harbourview Street<br/>Toronto, ON M5J 2N8<br/>Canada</span>');
  });

  test('the contact page on one line, and {address} in the French legal copy', () => {
    expect(page('/fr/contact-us')).toContain('<span>250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8</span>');
    expect(page('/contact-us')).toContain('<span>Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8</span>');
    expect(page('/fr/terms-conditions')).toContain('250, rue Harbourview, bureau 1400, Toronto (Ontario) M5J 2N8, Canada');
    expect(page('/fr/privacy-policies')).not.toContain('Harbourview Street');
    expect(page('/terms-conditions')).toContain('Suite 1400, 250 Harbourview Street, Toronto, ON M5J 2N8, Canada');
  });

  test('the JSON-LD address stays the structured one in both languages', () => {
    const ld = (html: string) => JSON.parse(/"@type":"Organization".*?"address":(\{[^}]*\})/.exec(html)![1]!) as Record<string, string>;
    expect(ld(page('/fr'))).toEqual(ld(page('/')));
    expect(ld(page('/fr')).streetAddress).toBe('Suite 1400, 250 Harbourview Street');
  });
});

describe('an item without its French file is marked lang="en-CA" where a French page lists it', () => {
  const POST = 'preparing-fleet-for-canadian-winter';
  const FAQ = '03-data-security';
  const TESTIMONIAL = '02-andrew-campbell';
  const LEADER = '03-elena-kowalski';
  const JOB = 'ux-designer';
  let partial: { routes: Route[]; inputs: RenderInputs };
  let english: Site;

  beforeAll(() => {
    const left = (r: SourceRecord) => r.locale === 'fr' && ((r.collection === 'blog' && r.slug === POST) || (r.collection === 'faqs' && r.slug === FAQ) || (r.collection === 'testimonials' && r.slug === TESTIMONIAL) || (r.collection === 'team' && r.slug === LEADER) || (r.collection === 'jobs' && r.slug === JOB));
    const result = builtLanguages(records.filter((r) => !left(r)));
    partial = { routes: result.routes, inputs: { ...inputs, sites: result.sites, untranslated: result.untranslated } };
    english = result.sites.en!;
  });

  test('a post card on the blog list, the home page and the news slider carries lang="en-CA"; the translated cards do not', () => {
    const post = english.posts.find((p) => p.slug === POST)!;
    for (const [path, island] of [['/fr/blogs', 'BlogList'], ['/fr', 'NewsSlider'], ['/fr/contact-us', 'NewsSlider']] as const) {
      const html = page(path, partial);
      const cards = islandProps<{ posts: { href: string; lang?: string }[] }>(html, island).posts;
      expect(cards.filter((c) => c.lang).map((c) => [c.href, c.lang]), path).toEqual([[`/fr/blog-details/${post.id}`, 'en-CA']]);
      // The card's markup says it too (server HTML, before the island hydrates).
      const article = new RegExp(`<article class="card post-card"( lang="en-CA")?>(?:(?!</article>).)*href="/fr/blog-details/${post.id}"`, 's').exec(html);
      expect(article?.[1], path).toBe(' lang="en-CA"');
      expect(html.match(/<article class="card post-card" lang="en-CA">/g)?.length, path).toBe(1);
    }
  });

  test('an English question on the FAQ page and an English testimonial on the home page carry lang="en-CA"', () => {
    const faq = english.faqs.find((f) => f.slug === FAQ)!;
    const faqs = page('/fr/faqs', partial);
    expect(faqs.match(/<details lang="en-CA"/g)?.length).toBe(1);
    expect(faqs).toMatch(new RegExp(`<details lang="en-CA" name="faq" class="accordion__item"><summary class="accordion__summary"><span>${escapeRe(escapeHtml(faq.title))}</span>`));
    const testimonial = english.testimonials.find((t) => t.slug === TESTIMONIAL)!;
    const home = page('/fr', partial);
    const items = islandProps<{ items: { author: string; lang?: string }[] }>(home, 'TestimonialSlider').items;
    expect(items.filter((t) => t.lang).map((t) => t.author)).toEqual([testimonial.author]);
    expect(home.match(/<figure class="card testimonial" lang="en-CA">/g)?.length).toBe(1);
  });

  test('an English leader on /fr/leadership and an English job on /fr/career carry lang="en-CA" (the islands had no way to say so)', () => {
    const leaders = page('/fr/leadership', partial);
    const leader = english.team.find((m) => m.slug === LEADER)!;
    expect(islandProps<{ members: { name: string; lang?: string }[] }>(leaders, 'LeadershipTeam').members.filter((m) => m.lang).map((m) => [m.name, m.lang])).toEqual([[leader.name, 'en-CA']]);
    expect(leaders.match(/<li class="leaders__item[^"]*" lang="en-CA">/g)?.length).toBe(1);
    const career = page('/fr/career', partial);
    const job = english.jobs.find((j) => j.slug === JOB)!;
    expect(islandProps<{ jobs: { id: string; lang?: string }[] }>(career, 'CareerJobs').jobs.filter((j) => j.lang).map((j) => [j.id, j.lang])).toEqual([[job.id, 'en-CA']]);
    expect(career.match(/<li class="card job-card" lang="en-CA">/g)?.length).toBe(1);
    expect(page('/leadership', partial)).not.toMatch(/leaders__item[^"]*" lang=/);
  });

  test('the same pages with every item translated, and every English page, mark nothing', () => {
    for (const path of ['/fr/blogs', '/fr/faqs', '/fr']) expect(page(path), path).not.toMatch(/<(article|details|figure)[^>]* lang="en-CA"/);
    for (const path of ['/blogs', '/faqs', '/']) expect(page(path, partial), path).not.toMatch(/<(article|details|figure)[^>]* lang=/);
  });
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
