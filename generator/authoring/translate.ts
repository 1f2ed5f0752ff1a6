// `site translate`: the text of a translation file. Pure: the command (cli/translate-command.ts)
// reads and writes the files. `stamp` records which English version a translation translates;
// `start` makes a translation to fill in from the English file, every text marked with the fill
// marker (generator/validate/fill-markers.ts), so `site validate` lists what is left to translate.
import { isPair, isScalar, parseDocument, visit, type Node } from 'yaml';
import { MARKER } from '../validate/fill-markers.ts';
import { splitFrontMatter } from '../content/load.ts';
import { problem } from '../problems/errors.ts';
import { ContentError } from '../problems/problems.ts';

/** What each text of a new translation starts with: "TODO: translate: <English text>". */
export const TRANSLATE_MARKER = `${MARKER} translate:`;

/** The line that records the English version: sourceHash: "<16 hex digits>". */
const hashLine = (digest: string) => `sourceHash: "${digest}"`;
const HASH_LINE = /^sourceHash:.*$/m;
const SCHEMA_COMMENT = /^# yaml-language-server:.*$/;

/**
 * `text` (a translation, Markdown or YAML) with `sourceHash` set to `digest`: the existing line
 * replaced, or one added where the mirrored files keep it (a Markdown file's first front-matter
 * key; in YAML right after the `# yaml-language-server` line, else first). Nothing else changes.
 */
export function stampText(text: string, digest: string, markdown: boolean): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const lines = text.split(eol);
  const yamlEnd = markdown ? lines.indexOf('---', 1) : lines.length;
  const at = lines.findIndex((line, i) => i < (yamlEnd < 0 ? lines.length : yamlEnd) && HASH_LINE.test(line));
  if (at >= 0) lines[at] = hashLine(digest);
  else lines.splice(markdown ? 1 : SCHEMA_COMMENT.test(lines[0] ?? '') ? 1 : 0, 0, hashLine(digest));
  return lines.join(eol);
}

// Values that are not copy: a translation keeps them as they are (ids, slugs, paths, links,
// icons, images, dates, e-mail addresses, two-letter codes such as CA, a form option's recorded
// value, lone placeholders such as {phone}).
const NOT_TEXT_KEYS = new Set(['id', 'slug', 'path', 'href', 'icon', 'image', 'category', 'date', 'network', 'url', 'tel', 'src', 'email', 'value', 'sourceHash']);
const NOT_TEXT_VALUE = [
  /^(\/|#|https?:|mailto:|tel:|images\/)/,
  /^[a-z0-9]+([-_][a-z0-9]+)*$/,
  /^\d{4}-\d{2}-\d{2}/,
  /^\S+@\S+\.\S+$/,
  /^[A-Z]{2}$/,
  /^[\s\p{P}]*(\{[A-Za-z][A-Za-z0-9]*\}[\s\p{P}]*)+$/u,
];

/** Whether a string value under `key` is copy to translate. */
export function isText(key: string | undefined, value: string): boolean {
  if (!value.trim() || (key !== undefined && NOT_TEXT_KEYS.has(key))) return false;
  return !NOT_TEXT_VALUE.some((pattern) => pattern.test(value.trim()));
}

/** The YAML text with every text value marked, and `sourceHash` as its first key. */
function markYaml(yamlText: string, file: string): string {
  const doc = parseDocument(yamlText, { keepSourceTokens: false });
  if (doc.errors.length) throw new ContentError([problem('yaml-syntax', { file, line: 1, column: 1 }, { detail: doc.errors[0]!.message })]);
  visit(doc, {
    Scalar(key, node, path) {
      if (key === 'key' || typeof node.value !== 'string') return;
      const owner = [...path].reverse().find((p) => isPair(p)) as { key?: Node } | undefined;
      const name = owner && isScalar(owner.key) ? String(owner.key.value) : undefined;
      if (isText(name, node.value)) node.value = `${TRANSLATE_MARKER} ${node.value}`;
    },
  });
  return doc.toString({ lineWidth: 0, flowCollectionPadding: flowPadded(yamlText) });
}

/** Whether the file writes its flow lists and maps with spaces inside the brackets (`[ a, b ]`), as the rewrite should. */
export const flowPadded = (text: string): boolean => /[[{] [^\s\]}]/.test(text) && !/[[{][^\s\]}]/.test(text);

/** The editor's schema comment of a file moved `depth` folders deeper (content/x → content/fr/x). */
function deeperSchema(yamlText: string, depth: number): string {
  return yamlText.replace(/^(# yaml-language-server: \$schema=)(?![a-z]+:|\/)/, `$1${'../'.repeat(depth)}`);
}

/** Body lines outside fenced code, tables and HTML, each marked after its heading or list sign. */
function markBody(body: string): string {
  let fenced = false;
  return body.split('\n').map((line) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return line;
    }
    if (fenced || !line.trim() || /^\s*(\||<|!\[)/.test(line)) return line;
    const m = /^(\s*(?:[#>*+-]+\s+)?(?:\d+\.\s+)?)(.*)$/.exec(line)!;
    return `${m[1]}${TRANSLATE_MARKER} ${m[2]}`;
  }).join('\n');
}

/**
 * A new translation of an English file: the same fields, each text marked with
 * TRANSLATE_MARKER, and `sourceHash` set to the English file's digest. `file` names the English
 * file in a problem (a file that does not parse cannot be started from).
 */
export function startText(english: string, digest: string, markdown: boolean, file: string, depth = 1): string {
  if (!markdown) return stampText(deeperSchema(markYaml(english, file), depth), digest, false);
  const split = splitFrontMatter(english, file);
  if ('problem' in split) throw new ContentError([split.problem]);
  const front = markYaml(split.yamlText, file);
  return stampText(`---\n${front.endsWith('\n') ? front : `${front}\n`}---\n${markBody(split.body)}`, digest, true);
}

