// The stylesheet compiles to the same bytes with the embedded Dart Sass (what builds use) and
// with the sass package (the fallback when the embedded compiler cannot run): generator/styles.ts.
import { expect, test } from 'vitest';
import { compileStyles } from '../../generator/styles.ts';
import { root } from '../helpers.ts';

test('the embedded compiler and the sass package give the same stylesheet, fonts and preload', async () => {
  const [embedded, js] = await Promise.all([compileStyles(root), compileStyles(root, 'js')]);
  expect(embedded.css.length).toBeGreaterThan(20_000);
  expect(js.css).toBe(embedded.css);
  expect(js.fontPreload).toBe(embedded.fontPreload);
  expect([...js.files.keys()]).toEqual([...embedded.files.keys()]);
});
