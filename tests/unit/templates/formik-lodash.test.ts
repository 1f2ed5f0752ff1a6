// The browser bundle's stand-ins for the lodash functions Formik imports agree with lodash
// on everything Formik hands them: field names and paths, flat and nested plain values.
import { describe, expect, test } from 'vitest';
// @ts-expect-error lodash-es ships no types (Formik's dependency, not ours)
import lodashClone from 'lodash-es/clone.js';
// @ts-expect-error as above
import lodashCloneDeep from 'lodash-es/cloneDeep.js';
// @ts-expect-error as above
import lodashToPath from 'lodash-es/toPath.js';
import { clone, cloneDeep, toPath } from '../../../templates/islands/lib/formik-lodash.ts';

describe('formik-lodash', () => {
  test('toPath splits every path form lodash knows as lodash does', () => {
    for (const path of ['email', 'a.b', 'a[0].b', 'a["b.c"].d', "a['x\\'y']", '.a', 'a.', 'a..b', 'a[-1]', 'a[1.5]', '', 'fields.0.name', ['a', 0, 'b'], [1, -0]]) {
      expect(toPath(path), JSON.stringify(path)).toEqual(lodashToPath(path as never));
    }
  });

  test('cloneDeep copies plain objects and arrays deeply, like lodash', () => {
    const values = { name: 'Ana', tags: ['a', { b: 'c' }], nested: { deep: { x: '1' } } };
    const copy = cloneDeep(values);
    expect(copy).toEqual(lodashCloneDeep(values));
    expect(copy.tags).not.toBe(values.tags);
    expect(copy.nested.deep).not.toBe(values.nested.deep);
    expect(cloneDeep(undefined)).toBe(lodashCloneDeep(undefined));
    expect(cloneDeep('x')).toBe('x');
  });

  test('clone copies one level, keeps the prototype, like lodash', () => {
    class Values { a = { b: 1 }; }
    const values = new Values();
    const copy = clone(values);
    expect(copy).not.toBe(values);
    expect(copy.a).toBe(values.a);
    expect(Object.getPrototypeOf(copy)).toBe(Object.getPrototypeOf(lodashClone(values)));
    const list = [{ a: 1 }];
    expect(clone(list)).toEqual(lodashClone(list));
    expect(clone(list)[0]).toBe(list[0]);
  });
});
