// The arena a full build encodes its pages into (generator/render/render.ts): pages are views of 8 MB
// slabs; a page larger than a slab gets a slab of its exact size (the blog list at thousands of
// posts), whose bytes are the page's, whatever its characters.
import { describe, expect, test } from 'vitest';
import { Arena } from '../../../generator/render/render.ts';

const SLAB = 8 * 1024 * 1024;
const counting = () => {
  const made: number[] = [];
  return { made, allocate: (size: number) => (made.push(size), Buffer.allocUnsafeSlow(size)) };
};

describe('the render arena', () => {
  test('pages share a slab until it is full', () => {
    const { made, allocate } = counting();
    const arena = new Arena(allocate);
    const a = arena.encode(['<p>é</p>']);
    const b = arena.encode([Buffer.from('<p>b</p>')]);
    expect(made).toEqual([SLAB]);
    expect(a.buffer).toBe(b.buffer);
    expect([a.toString(), b.toString()]).toEqual(['<p>é</p>', '<p>b</p>']);
  });

  test('a page larger than a slab gets one of its exact size (not three bytes a character), with every byte right', () => {
    const { made, allocate } = counting();
    const arena = new Arena(allocate);
    arena.encode(['<p>first</p>']);
    // Characters of one, two, three and four bytes, and a lone surrogate (written as U+FFFD).
    const text = `${'x'.repeat(SLAB)}é€😀\uD800`;
    const page = arena.encode([text, Buffer.from('</html>')]);
    const expected = Buffer.concat([Buffer.from(text), Buffer.from('</html>')]);
    expect(made).toEqual([SLAB, expected.length]);
    expect(page.equals(expected)).toBe(true);
    // The next page starts a slab of the usual size.
    arena.encode(['<p>next</p>']);
    expect(made).toEqual([SLAB, expected.length, SLAB]);
  });
});
