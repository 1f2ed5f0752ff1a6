// The three lodash functions Formik imports besides isPlainObject, for the browser bundle only
// (generator/assets/bundle.ts puts them in place of lodash-es/clone, cloneDeep and toPath when Formik
// imports them). lodash's clone and cloneDeep share a general cloner (typed arrays, maps, sets,
// buffers, symbols, a cycle-tracking stack) and toPath a memoizing cache: a good share of what
// a form's first use loads. Formik clones its initial values, errors, touched and status (plain
// objects of strings in every form here) and shallow-copies the objects along a path it sets; it
// turns field names into paths. These do the same for plain objects and arrays and keep anything
// else as it is; tests/unit/templates/formik-lodash.test.ts compares them with lodash's own.

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A shallow copy of an array or object (keeping its prototype, as Formik's setIn wants); anything else as it is. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.slice() as T;
  if (!isObject(value) || value instanceof Date || value instanceof RegExp || value instanceof Map || value instanceof Set) return value;
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object | null) as object, value) as T;
}

/** A deep copy of plain objects and arrays; any other value (a Date, a File, a class instance) is shared, not copied. */
export function cloneDeep<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDeep) as T;
  if (!isObject(value)) return value;
  const prototype = Object.getPrototypeOf(value) as object | null;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) copy[key] = cloneDeep((value as Record<string, unknown>)[key]);
  return copy as T;
}

// lodash's own path grammar: names, [0] indexes, ["quoted keys"], and empty names around dots.
const PROPERTY = /[^.[\]]+|\[(?:(-?\d+(?:\.\d+)?)|(["'])((?:(?!\2)[^\\]|\\.)*?)\2)\]|(?=(?:\.|\[\])(?:\.|\[\]|$))/g;
const ESCAPE = /\\(\\)?/g;

/** `a.b[0]["c.d"]` → ['a', 'b', '0', 'c.d']; an array's items as keys. */
export function toPath(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((key) => (typeof key === 'string' ? key : Object.is(key, -0) ? '-0' : String(key)));
  const text = value == null ? '' : String(value);
  const path: string[] = [];
  if (text.charCodeAt(0) === 46) path.push('');
  text.replace(PROPERTY, (match: string, number?: string, quote?: string, quoted?: string) => {
    path.push(quote ? quoted!.replace(ESCAPE, '$1') : number || match);
    return '';
  });
  return path;
}
