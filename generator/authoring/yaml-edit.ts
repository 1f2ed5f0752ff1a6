// Changing values in a YAML content file the way an author would by hand: only the changed values'
// text changes; comments, key order, quoting style, blank lines and every untouched line stay
// byte for byte. A value that is already in the file is rewritten in its own token of the
// concrete syntax tree (yaml's CST), in the quoting it had; a block scalar (`|`, `>`) keeps its
// indentation. Only a value that is not there yet (a new key, a new list item) goes through the
// Document API, which keeps comments and order but may re-indent the block it inserts into.
import { Composer, CST, isScalar, parse, parseDocument, Parser, type Document } from 'yaml';
import { flowPadded } from './translate.ts';

/** A field path, as the schemas and problems name it: ['faqs', 0, 'title']. */
export type FieldPath = readonly (string | number)[];

/** A value an author types into a form field. */
export type FieldValue = string | number | boolean | null;

/** A value set (or added), or a key or list item removed (`remove: true`). */
export type YamlEdit = { path: FieldPath; value: FieldValue; remove?: undefined } | { path: FieldPath; remove: true; value?: undefined };

export interface EditResult {
  text: string;
  /** Edits that changed nothing (the value was already that). */
  unchanged: number;
  /** Whether any edit added to the file's structure (the Document API's path): not byte-minimal around it. */
  structural: boolean;
}

/** `text` with each edit applied; saving an unchanged form gives back `text` itself. */
export function editYaml(text: string, edits: readonly YamlEdit[]): EditResult {
  const tokens = [...new Parser().parse(text)];
  const docs = [...new Composer({ keepSourceTokens: true }).compose(tokens)] as Document.Parsed[];
  const doc = docs[0];
  if (!doc || doc.errors.length) throw new Error(`yaml-edit: the file does not parse (${doc?.errors[0]?.message ?? 'empty'})`);
  let unchanged = 0;
  const later: YamlEdit[] = [];
  for (const edit of edits) {
    const node = doc.getIn(edit.path, true);
    if (edit.remove) {
      if (node !== undefined) later.push(edit);
      else unchanged++;
      continue;
    }
    if (!isScalar(node) || !node.srcToken) {
      later.push(edit);
      continue;
    }
    if (node.value === edit.value) {
      unchanged++;
      continue;
    }
    setScalar(node.srcToken, edit.value);
  }
  let out = tokens.map((token) => CST.stringify(token)).join('');
  if (later.length) out = throughDocument(out, later);
  // What was written must read back as what was typed (a value with a carriage return or another
  // control character can come out of a token rewrite as a broken string); otherwise every edit
  // goes through the Document API, which escapes them, and a file that still does not read back
  // is refused rather than written.
  if (!readsBack(out, edits)) {
    out = throughDocument(text, edits);
    if (!readsBack(out, edits)) throw new Error('yaml-edit: the values could not be written so that they read back as typed');
    return { text: out, unchanged, structural: true };
  }
  return { text: out, unchanged, structural: later.length > 0 };
}

function throughDocument(text: string, edits: readonly YamlEdit[]): string {
  const document = parseDocument(text);
  for (const edit of edits) {
    if (edit.remove) document.deleteIn(edit.path);
    else document.setIn(edit.path, edit.value);
  }
  return document.toString({ lineWidth: 0, flowCollectionPadding: flowPadded(text) });
}

/** Every set value reads back as typed; a removed key is gone (a removed list item moves the rest up, so only its list is known to be shorter). */
function readsBack(text: string, edits: readonly YamlEdit[]): boolean {
  const document = parseDocument(text);
  if (document.errors.length) return false;
  return edits.every((edit) => (edit.remove ? typeof edit.path.at(-1) === 'number' || !document.hasIn(edit.path) : document.getIn(edit.path) === edit.value));
}

/** Rewrites one scalar token in place, keeping its quoting where the value allows it. */
function setScalar(token: CST.Token, value: FieldValue): void {
  if (token.type === 'block-scalar' && typeof value === 'string' && !/^[ \t]/.test(value)) return setBlock(token, value);
  if (typeof value !== 'string') return void CST.setScalarValue(token, value === null ? 'null' : String(value), { type: 'PLAIN' });
  // A plain token keeps its style only while the text still reads back as the same string
  // (not a number, a boolean, null, or text with ": " in it).
  const plain = token.type === 'scalar' && safePlain(value);
  const type = token.type === 'single-quoted-scalar' && !value.includes('\n') ? 'QUOTE_SINGLE' : plain ? 'PLAIN' : 'QUOTE_DOUBLE';
  CST.setScalarValue(token, value, { type });
}

function safePlain(value: string): boolean {
  if (!value || value !== value.trim() || /[\n#]|: |^[-?:,[\]{}&*!|>'"%@`]/.test(value)) return false;
  try {
    return parse(value) === value;
  } catch {
    return false;
  }
}

/**
 * A literal block scalar's new text at the indentation its lines had, and the header's chomping
 * chosen for the value's trailing newlines (`|-` none, `|` one, `|+` more). A folded one (`>`)
 * becomes literal: the author's line breaks are then kept as typed.
 */
function setBlock(token: CST.BlockScalar, value: string): void {
  const indent = /^( +)\S/m.exec(token.source)?.[1] ?? ' '.repeat((token.indent ?? 0) + 2);
  const trailing = /\n*$/.exec(value)![0].length;
  const body = value.replace(/\n+$/, '');
  const header = token.props.find((p): p is CST.SourceToken => p.type === 'block-scalar-header');
  if (header) header.source = trailing === 0 ? '|-' : trailing === 1 ? '|' : '|+';
  token.source = `${body.split('\n').map((line) => (line ? indent + line : '')).join('\n')}\n${'\n'.repeat(Math.max(0, trailing - 1))}`;
}
