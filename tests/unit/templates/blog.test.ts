import { beforeAll, describe, expect, test } from 'vitest';
import { loadAll } from '../../../generator/content/load.ts';
import { validate } from '../../../generator/validate/validate.ts';
import { transform } from '../../../generator/transform/transform.ts';
import { feed, searchIndex } from '../../../generator/render/feed.ts';
import { search } from '../../../templates/islands/lib/search.ts';
import { packList, paginate, readQuery, unpackList, writeQuery, type ListPost } from '../../../templates/islands/BlogList.tsx';
import { cut } from '../../../templates/components/views.tsx';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir } from '../../helpers.ts';

let site: Site;
beforeAll(() => {
  site = transform(validate(loadAll(contentDir), { contentDir, includeDrafts: false }).site!);
});

describe('search index', () => {
  test('has every published post with title, subheading, tags and URL', () => {
    const index = searchIndex(site);
    expect(index).toHaveLength(site.posts.length);
    expect(index[0]).toEqual({ id: expect.any(Number), url: expect.stringMatching(/^\/blog-details\/\d+$/), title: expect.any(String), subheading: expect.any(String), tags: expect.any(Array), category: expect.any(String) });
  });

  test('finds by words in the subheading and tags, ranks title matches first, ignores case and accents', () => {
    const index = [
      { id: 1, url: '/blog-details/1', title: 'Winter tires', subheading: 'Block heaters and batteries', tags: ['winter'], category: 'Industry' },
      { id: 2, url: '/blog-details/2', title: 'Batteries in EVs', subheading: 'Range in the cold', tags: ['ev'], category: 'Technology' },
      { id: 3, url: '/blog-details/3', title: 'Route planning', subheading: 'Montréal to Québec', tags: ['routes'], category: 'Industry' },
    ];
    expect(search(index, 'BATTERIES').map((e) => e.id)).toEqual([2, 1]);
    expect(search(index, 'block heaters').map((e) => e.id)).toEqual([1]);
    expect(search(index, 'quebec').map((e) => e.id)).toEqual([3]);
    expect(search(index, 'winter ev')).toEqual([]);
    expect(search(index, '  ')).toEqual([]);
  });
});

describe('feed', () => {
  test('is RSS 2.0 with one item per published post and escaped text', () => {
    const xml = feed(site).toString();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"')).toBe(true);
    expect(xml.match(/<item>/g)).toHaveLength(site.posts.length);
    expect(xml).toContain(`<atom:link href="${site.config.url}/feed.xml" rel="self" type="application/rss+xml"/>`);
    expect(xml).toMatch(/<pubDate>\w{3}, \d{2} \w{3} \d{4} 12:00:00 GMT<\/pubDate>/);
  });
});

describe('blog list state', () => {
  test('the URL query round-trips and rejects unknown values', () => {
    const cats = ['eld', 'technology', 'industry'];
    expect(readQuery('?category=eld&page=2&size=10', cats)).toEqual({ category: 'eld', page: 2, size: 10 });
    expect(readQuery('?category=nope&page=-3&size=7', cats)).toEqual({ category: 'all', page: 1, size: null });
    expect(writeQuery({ category: 'eld', page: 2, size: 10 })).toBe('?category=eld&page=2&size=10');
    expect(writeQuery({ category: 'all', page: 1, size: null })).toBe('');
  });

  test('pages clamp to the range and "All" is one page', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(paginate(items, 2, 9)).toEqual({ items: [9], page: 2, pages: 2 });
    expect(paginate(items, 99, 3)).toEqual({ items: [9], page: 4, pages: 4 });
    expect(paginate(items, 3, -1)).toEqual({ items, page: 1, pages: 1 });
    expect(paginate([], 1, 9)).toEqual({ items: [], page: 1, pages: 1 });
  });

  test('subheadings are cut with an ellipsis only when longer', () => {
    expect(cut('Short one', 30)).toBe('Short one');
    expect(cut('A subheading that is certainly longer than thirty characters', 30)).toBe('A subheading that is certainly…');
  });

  test('the whole list file holds each repeated value once and gives back every post as it was', () => {
    const image = { src: '/assets/img/blog/a-1.svg', width: 1200, height: 630 };
    const photo = { src: '/assets/img/blog/b-2.jpg', width: 1600, height: 900, dominant: '#123456' };
    const posts: ListPost[] = Array.from({ length: 300 }, (_, i) => ({
      href: `/fr/blog-details/${i}`, title: `Titre ${i}`, subheading: `Un sous-titre assez long pour être coupé à trente caractères, article ${i}`,
      date: '2026-01-02', dateLabel: '2 janvier 2026', readTime: `${1 + (i % 3)} min de lecture`,
      ...(i % 5 ? { category: i % 2 ? 'Sécurité' : 'Technologie' } : {}), image: i % 7 ? image : photo,
      ...(i % 11 ? {} : { lang: 'en-CA' }), id: i, categorySlug: i % 5 ? (i % 2 ? 'safety' : 'technology') : 'none',
    } as ListPost));
    const file = packList(posts);
    expect(file.images).toEqual([photo, image]);
    expect(file.readTimes).toHaveLength(3);
    expect(file.categories).toHaveLength(3);
    // Through JSON, as the browser gets it: every post back, no field more or less.
    expect(unpackList(JSON.parse(JSON.stringify(file)))).toEqual(posts);
    expect(JSON.stringify(file).length).toBeLessThan(JSON.stringify(posts).length * 0.6);
  });

  test('a list file that is not one is refused (the island then keeps the posts the page holds)', () => {
    for (const junk of [null, [], ['planted'], { posts: [] }, { posts: [[1]], categories: [], readTimes: [], images: [] }, { posts: [['x', '/a', 't', 's', 'd', 'l', 0, 0, 0, 0]], categories: [['a', 'A']], readTimes: ['1'], images: [{}] }]) {
      expect(() => unpackList(junk), JSON.stringify(junk)).toThrow('not a list');
    }
    expect(unpackList({ posts: [], categories: [], readTimes: [], images: [] })).toEqual([]);
  });
});
