// Yup's and Formik's unused parts out of the browser bundle, without changing what any
// part does. esbuild drops a top-level declaration nothing uses, but keeps every statement that
// may have an effect, and with it whatever that statement names: Yup's `create$5.prototype =
// NumberSchema.prototype` (so `x instanceof number` works) kept number(), date(), bool(),
// array(), tuple() and mixed() with their classes and messages in every page's form code,
// though the schemas use only object() and string(); Formik's `FieldArrayInner.defaultProps =
// …` kept FieldArray's class, though the forms use only useFormik().
//
// Each rewrite below moves such a statement into the declaration it belongs to, as an
// `Object.assign(…)` marked /* @__PURE__ */: the same property set on the same object at the
// same point of the module's evaluation (nothing in between reads it), so a part that is used
// behaves exactly as before, and one nothing uses is dropped whole. Each rewrite must match the
// module's text exactly once: a new version of the package fails the build here, saying which
// rewrite no longer fits, rather than shipping its code unchecked.

export interface Rewrite { from: string; to: string }

/** Yup's factories with the class each returns (index.esm.js of yup 1.x). */
const YUP_FACTORIES: [factory: string, parameter: string, schema: string][] = [
  ['create$8', 'spec', 'MixedSchema'], ['create$7', '', 'BooleanSchema'], ['create$6', '', 'StringSchema'],
  ['create$5', '', 'NumberSchema'], ['create$4', '', 'DateSchema'], ['create$3', 'spec', 'ObjectSchema'],
  ['create$2', 'type', 'ArraySchema'], ['create$1', 'schemas', 'TupleSchema'],
];

function yupRewrites(): Rewrite[] {
  const rewrites: Rewrite[] = [
    // The helpers of the factories below: a pure call's arguments stay when they may have an
    // effect, and to esbuild reading `NumberSchema.prototype` may (a getter), so the property is
    // read inside a helper, which takes only names.
    {
      from: 'const isSchema = obj => obj && obj.__isYupSchema__;\n',
      to: 'const isSchema = obj => obj && obj.__isYupSchema__;\n'
        + 'function withPrototype(factory, schema) {\n  factory.prototype = schema.prototype;\n  return factory;\n}\n'
        + 'function withInvalidDate(factory) {\n  factory.INVALID_DATE = invalidDate;\n  return factory;\n}\n',
    },
    // The default messages, reached by setLocale() and the `defaultLocale` export only.
    { from: 'var locale = Object.assign(', to: 'var locale = /* @__PURE__ */ Object.assign(' },
    // DateSchema.INVALID_DATE as a static field: defined as the class is, not just after it.
    { from: 'class DateSchema extends Schema {\n', to: 'class DateSchema extends Schema {\n  static INVALID_DATE = invalidDate;\n' },
    { from: 'DateSchema.INVALID_DATE = invalidDate;\n', to: '' },
    // new Date('') is an invalid date and nothing else; esbuild cannot know a constructor has no effect.
    { from: "let invalidDate = new Date('');", to: "let invalidDate = /* @__PURE__ */ new Date('');" },
  ];
  for (const [factory, parameter, schema] of YUP_FACTORIES) {
    const fn = `function ${factory}(${parameter}) {\n  return new ${schema}(${parameter});\n}`;
    const date = factory === 'create$4';
    // The factory becomes a `var` where its prototype was assigned (just after its class): it is
    // called only once the module has been evaluated, so its no longer being hoisted changes nothing.
    rewrites.push({ from: `${fn}\n`, to: '' });
    rewrites.push({
      from: `${factory}.prototype = ${schema}.prototype;\n${date ? 'create$4.INVALID_DATE = invalidDate;\n' : ''}`,
      to: `var ${factory} = /* @__PURE__ */ ${date ? 'withInvalidDate( /* @__PURE__ */ ' : ''}withPrototype(${fn}, ${schema})${date ? ')' : ''};\n`,
    });
  }
  return rewrites;
}

const FORMIK_REWRITES: Rewrite[] = [
  {
    from: "var FormikContext = /*#__PURE__*/createContext(undefined);\nFormikContext.displayName = 'FormikContext';\n",
    to: "var FormikContext = /*#__PURE__*/Object.assign( /*#__PURE__*/createContext(undefined), {\n  displayName: 'FormikContext'\n});\n",
  },
  { from: '});\nForm.displayName = \'Form\';\n', to: '}), {\n  displayName: \'Form\'\n});\n' },
  { from: 'var Form = /*#__PURE__*/forwardRef(', to: 'var Form = /*#__PURE__*/Object.assign( /*#__PURE__*/forwardRef(' },
  { from: 'FieldArrayInner.defaultProps = {\n  validateOnChange: true\n};\nvar FieldArray = /*#__PURE__*/connect(FieldArrayInner);', to: 'var FieldArray = /*#__PURE__*/connect( /*#__PURE__*/Object.assign(FieldArrayInner, {\n  defaultProps: {\n    validateOnChange: true\n  }\n}));' },
];

/**
 * The rewrites per package: its ES module (the file esbuild's browser build takes, `module` in
 * its package.json). bundle-sources.ts writes the rewritten copies that the islands' build
 * imports in their place.
 */
export const PURE_REWRITES: { pkg: string; module: string; name: string; rewrites: Rewrite[] }[] = [
  { pkg: 'yup', module: 'index.esm.js', name: 'yup/index.esm.js', rewrites: yupRewrites() },
  { pkg: 'formik', module: 'dist/formik.esm.js', name: 'formik/dist/formik.esm.js', rewrites: FORMIK_REWRITES },
];

/** `text` with every rewrite applied; throws naming the first that does not match exactly once. */
export function applyRewrites(name: string, text: string, rewrites: readonly Rewrite[]): string {
  for (const { from, to } of rewrites) {
    const at = text.indexOf(from);
    if (at < 0 || text.indexOf(from, at + 1) >= 0) {
      throw new Error(`bundle: ${name} no longer has ${at < 0 ? 'the' : 'a single'} statement ${JSON.stringify(from.split('\n')[0])} that generator/assets/bundle-pure.ts rewrites; update the rewrite for this version of the package`);
    }
    text = text.slice(0, at) + to + text.slice(at + from.length);
  }
  return text;
}
