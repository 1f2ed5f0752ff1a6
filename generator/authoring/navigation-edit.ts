// Adds a link to every list in navigation.yaml that names the solutions by hand: the Solutions
// mega-menu. The footer's Solutions column lists that menu (`menu: solutions`), so it follows
// without a line of its own; a column that still writes its links gets one. The file is edited
// as text, one line inserted
// after each list's last solution link: re-serialising the whole document would keep the
// comments but rewrite the spacing of every other `{ }` and `[ ]` in it. The yaml Document
// finds the lists and their positions, and re-parses the result to prove the edit.
import { Document, isMap, isPair, isScalar, isSeq, parseDocument, Scalar, visit, type Node, type YAMLMap, type YAMLSeq } from 'yaml';
import { formatPath } from '../problems/problems.ts';

/** A link to add, and the marker to put in an `icon` when the list's links have one. */
export interface NewLink { label: string; href: string; icon: string }

export interface NavigationEdit {
  text: string;
  /** The inserted lines, in file order. */
  added: string[];
  /** The lists that got a line, e.g. `menus[0].links (Solutions)`. */
  where: string[];
}

const SOLUTION_PAGE = /^\/solutions\/[a-z0-9-]+$/;

interface Target { seq: YAMLSeq; last: YAMLMap; where: string }

/** The navigation text with `link` added after the last solution link of each hand-kept list. */
export function addSolutionLinks(text: string, link: NewLink): NavigationEdit {
  const doc = parseDocument(text);
  if (doc.errors.length) throw new Error(`navigation.yaml does not parse: ${doc.errors[0]!.message}`);
  const targets = solutionLists(doc);
  const inserts = targets.map((t) => ({ at: lineEnd(text, t.last.range![1]), line: renderLike(text, t.last, link) }));
  let out = text;
  // From the end, so earlier offsets stay valid.
  for (const { at, line } of [...inserts].sort((a, b) => b.at - a.at)) out = `${out.slice(0, at)}\n${line}${out.slice(at)}`;
  checkEdit(out, targets.length, link.href);
  return { text: out, added: inserts.map((i) => i.line), where: targets.map((t) => t.where) };
}

/** Block lists of maps in which at least one `href` is a solution page. */
function solutionLists(doc: Document): Target[] {
  const targets: Target[] = [];
  visit(doc, {
    Seq(_key, seq, ancestors) {
      if (seq.flow) return;
      const links = seq.items.filter((item): item is YAMLMap => isMap(item) && SOLUTION_PAGE.test(String(item.get('href') ?? '')));
      if (links.length) targets.push({ seq, last: links.at(-1)!, where: describe(ancestors, seq) });
    },
  });
  return targets;
}

function describe(ancestors: readonly unknown[], seq: YAMLSeq): string {
  const path: (string | number)[] = [];
  const chain = [...ancestors, seq];
  chain.forEach((node, i) => {
    if (isPair(node) && isScalar(node.key)) path.push(String(node.key.value));
    else if (isSeq(node)) {
      const index = node.items.indexOf(chain[i + 1] as Node);
      if (index >= 0) path.push(index);
    }
  });
  const owner = ancestors.at(-2);
  const name = isMap(owner) ? (owner.get('label') ?? owner.get('heading') ?? owner.get('id')) : undefined;
  return `${formatPath(path)}${name ? ` (${String(name)})` : ''}`;
}

/** Offset of the end of the line that holds `offset - 1` (the item's last character). */
function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', Math.max(offset - 1, 0));
  return end < 0 ? text.length : end;
}

/** The new item written the way its sibling is: flow or block map, same keys, same spacing. */
function renderLike(text: string, sibling: YAMLMap, link: NewLink): string {
  const start = sibling.range![0];
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const indent = /^\s*/.exec(text.slice(lineStart, start))![0];
  const keys = sibling.items.map((p) => (isScalar(p.key) ? String(p.key.value) : '')).filter((k) => k in link);
  const item = new Document({});
  const map = item.contents as YAMLMap;
  for (const key of keys) {
    const value = new Scalar(link[key as keyof NewLink]);
    if (key === 'icon' && link.icon.startsWith('TODO:')) value.type = Scalar.QUOTE_DOUBLE;
    map.set(key, value);
  }
  map.flow = sibling.flow ?? false;
  const padded = text[start + 1] === ' ';
  const rendered = item.toString({ lineWidth: 0, flowCollectionPadding: padded }).trimEnd();
  return `${indent}- ${rendered.split('\n').join(`\n${indent}  `)}`;
}

/** The edited text parses and links `href` once in each list: anything else is a bug here. */
function checkEdit(text: string, lists: number, href: string): void {
  const doc = parseDocument(text);
  let found = 0;
  visit(doc, { Map(_key, map) { if (map.get('href') === href) found++; } });
  if (doc.errors.length || found < lists) throw new Error(`adding ${href} to navigation.yaml produced a file that does not hold it (${doc.errors[0]?.message ?? `${found} of ${lists} links`})`);
}
