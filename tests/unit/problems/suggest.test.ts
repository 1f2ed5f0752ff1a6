// "Did you mean" only for a near name: a wrong suggestion sends the author somewhere unrelated.
import { describe, expect, test } from 'vitest';
import { nearestRoute } from '../../../generator/problems/suggest.ts';

const routes = ['/', '/faqs', '/contact-us', '/blogs', '/blog-details/1', '/blog-details/2', '/blog-details/12', '/solutions', '/solutions/eld', '/solutions/gps-tracking', '/404'];

describe('nearestRoute', () => {
  test('a deleted post is not answered with another post (it had been "did you mean /blog-details/1?")', () => {
    expect(nearestRoute('/blog-details/7', routes)).toBeUndefined();
    expect(nearestRoute('/blog-details/13', routes)).toBeUndefined();
  });

  test('a typo in a word of the path still finds its page', () => {
    expect(nearestRoute('/faq', routes)).toBe('/faqs');
    expect(nearestRoute('/soltions/eld', routes)).toBe('/solutions/eld');
    expect(nearestRoute('/solutions/gps-trackng', routes)).toBe('/solutions/gps-tracking');
    expect(nearestRoute('/Blogs', routes)).toBe('/blogs');
  });

  test('a path that a page continues finds it; an unrelated one finds nothing', () => {
    expect(nearestRoute('/contact', routes)).toBe('/contact-us');
    expect(nearestRoute('/pricing', routes)).toBeUndefined();
    expect(nearestRoute('/solutions/adas', routes)).toBeUndefined();
  });
});
