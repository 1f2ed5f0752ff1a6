// The browser bundle's rewrites of Yup and Formik (#20, generator/assets/bundle-pure.ts): each applies to
// the installed version, the rewritten modules behave as the packages do (every export the
// rewrites touch, and every form's validation in both languages), and what no form uses is gone.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import * as esbuild from 'esbuild';
import * as yup from 'yup';
import * as formik from 'formik';
import { bundleSources } from '../../../generator/assets/bundle-sources.ts';
import { validateLead, type FormName, type Locale } from '../../../common/lead/validation.ts';

const root = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'bundle-pure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * `contents` bundled as the browser's bundle is (the packages' ES modules, which the rewrites
 * apply to), with the rewrites (the islands' build's own alias to the rewritten copies that
 * bundle-sources.ts writes) or, `plain`, without, as text.
 */
async function bundled(contents: string, options: { plain?: boolean; minify?: boolean } = {}): Promise<string> {
  const result = await esbuild.build({
    stdin: { contents, resolveDir: root, loader: 'ts' },
    absWorkingDir: root, bundle: true, format: 'esm', platform: 'browser', write: false, minify: options.minify ?? false,
    define: { 'process.env.NODE_ENV': '"production"' }, logLevel: 'silent',
    alias: options.plain ? {} : bundleSources(root, []).alias,
  });
  return result.outputFiles[0]!.text;
}

let count = 0;
/** The module `contents` bundled with the rewrites, imported. */
async function load<T>(contents: string): Promise<T> {
  const file = join(dir, `m${count++}.mjs`);
  const text = await bundled(contents);
  expect(text).toMatch(/withPrototype|Object\.assign\(FieldArrayInner/);
  writeFileSync(file, text);
  return import(pathToFileURL(file).href) as Promise<T>;
}

/** What `run` returned or threw, comparable. */
function outcome(run: () => unknown): unknown {
  try {
    const value = run();
    return { value: value instanceof Date ? `date:${value.getTime()}` : value };
  } catch (error) {
    return { error: (error as { errors?: unknown }).errors ?? String(error) };
  }
}

describe('bundle-pure', () => {
  test('the rewritten Yup behaves as Yup: every factory, its prototype, INVALID_DATE and the default messages', async () => {
    const pure = await load<typeof yup>(`export * from 'yup';`);
    const cases = (y: typeof yup) => [
      () => y.number() instanceof y.number, () => y.string() instanceof y.string, () => y.object() instanceof y.object,
      () => y.date() instanceof y.date, () => y.bool() instanceof y.boolean, () => y.array() instanceof y.array,
      () => y.mixed() instanceof y.mixed, () => y.tuple([y.string()]) instanceof y.tuple, () => y.string() instanceof y.StringSchema,
      () => Object.keys(y.date), () => Number.isNaN(y.date.INVALID_DATE.getTime()), () => y.DateSchema.INVALID_DATE === y.date.INVALID_DATE,
      () => y.date().cast('not a date', { assert: false }), () => y.date().validateSync('2024-13-45'), () => y.date().min(new Date(0)).validateSync(-5),
      () => y.number().min(3).validateSync(1), () => y.number().integer().validateSync('2.5'), () => y.bool().isTrue().validateSync(false),
      () => y.array(y.string().required()).min(2).validateSync(['a']), () => y.tuple([y.string(), y.number()]).validateSync(['a']),
      () => y.mixed().oneOf(['a']).validateSync('b'), () => y.string().email().validateSync('x'), () => y.object({ a: y.string() }).noUnknown().validateSync({ b: 1 }),
      () => y.string().validateSync(5, { strict: true }), () => y.lazy(() => y.string().required()).validateSync(''),
      // The messages: each text, and each function's text for a sample (esbuild reprints a function's source).
      () => JSON.stringify(y.defaultLocale, (_key, value) => (typeof value === 'function' ? value({ path: 'p', type: 'number', value: [1], originalValue: '1', spec: { types: [1, 2] } }) : value)),
    ];
    const [mine, theirs] = [cases(pure), cases(yup)];
    mine.forEach((run, i) => expect(outcome(run), String(theirs[i])).toEqual(outcome(theirs[i]!)));
  });

  test('the rewritten Formik behaves as Formik: FieldArray keeps its default props, the context and Form their names', async () => {
    const pure = await load<typeof formik>(`export * from 'formik';`);
    type Wrapped = { WrappedComponent: { defaultProps?: unknown } };
    expect((pure.FieldArray as unknown as Wrapped).WrappedComponent.defaultProps).toEqual({ validateOnChange: true });
    expect((pure.FieldArray as unknown as Wrapped).WrappedComponent.defaultProps).toEqual((formik.FieldArray as unknown as Wrapped).WrappedComponent.defaultProps);
    expect(pure.FormikContext.displayName).toBe('FormikContext');
    expect((pure.Form as { displayName?: string }).displayName).toBe('Form');
    expect(Object.keys(pure).sort()).toEqual(Object.keys(formik).sort());
  });

  test('every form validates as with the packages themselves, in English and French', async () => {
    const pure = await load<{ validateLead: typeof validateLead }>(`export { validateLead } from './common/lead/validation.ts';`);
    const inputs: Record<string, unknown>[] = [
      {}, { email: 'x' }, { email: ' ana@example.com ', phone: '(416) 555-0100' }, { phone: '12' }, { website: 'not a url' },
      { vehicles: '1 - 4', industry: 'Delivery', firstName: ' Ana ', lastName: 'Li', email: 'ana@example.com', phone: '416-555-0100', companyName: 'Co' },
      { vehicles: 'many', industry: 'Space' }, { fullName: 'Ana', email: 'ana@example', phone: '4165550100', position: 'Driver', extra: 'x' },
      { name: 'Ana', phone: '416 555 0100', email: 'a@b.co', department: 'Web' }, { email: 5, phone: null, department: ['x'] },
    ];
    for (const form of ['wizard', 'contact', 'newsletter', 'partner', 'job'] as FormName[]) {
      for (const locale of ['en', 'fr'] as Locale[]) {
        for (const input of inputs) {
          const label = `${form} ${locale} ${JSON.stringify(input)}`;
          expect(outcome(() => pure.validateLead(form, input, locale)), label).toEqual(outcome(() => validateLead(form, input, locale)));
        }
      }
    }
  });

  test('what the forms do not use leaves the bundle: Yup\'s number, date, array and tuple, Formik\'s FieldArray', async () => {
    const forms = `import { useFormik } from 'formik'; export { useFormik }; export { schemasFor } from './common/lead/validation.ts';`;
    const [rewritten, plain] = await Promise.all([bundled(forms, { minify: true }), bundled(forms, { minify: true, plain: true })]);
    for (const gone of ['must be a positive number', 'field must be later than', 'tuple value has too few items', 'must have less than or equal to', 'handleSwap']) {
      expect(plain, gone).toContain(gone);
      expect(rewritten, gone).not.toContain(gone);
    }
    expect(rewritten.length).toBeLessThan(plain.length - 10_000);
  });
});
