// Differences an author reads: words for a field's English change, lines for a file changed on disk.
// A longest-common-subsequence walk, fine for the sizes content has (a few thousand tokens).

export type Piece = { kind: 'same' | 'added' | 'removed'; text: string };

/** The pieces that turn `a` into `b`, token by token. */
export function diffTokens(a: string[], b: string[]): Piece[] {
  // Tokens shared at both ends are kept out of the table: most edits touch a few in the middle.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  const x = a.slice(start, a.length - end);
  const y = b.slice(start, b.length - end);
  const pieces: Piece[] = a.slice(0, start).map((text) => ({ kind: 'same', text }));
  if (x.length * y.length > 4_000_000) {
    pieces.push(...x.map((text) => ({ kind: 'removed' as const, text })), ...y.map((text) => ({ kind: 'added' as const, text })));
  } else {
    const table = Array.from({ length: x.length + 1 }, () => new Uint32Array(y.length + 1));
    for (let i = x.length - 1; i >= 0; i--) for (let j = y.length - 1; j >= 0; j--) table[i]![j] = x[i] === y[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < x.length || j < y.length) {
      if (i < x.length && j < y.length && x[i] === y[j]) pieces.push({ kind: 'same', text: x[i++]! }), j++;
      else if (j < y.length && (i === x.length || table[i]![j + 1]! >= table[i + 1]![j]!)) pieces.push({ kind: 'added', text: y[j++]! });
      else pieces.push({ kind: 'removed', text: x[i++]! });
    }
  }
  pieces.push(...a.slice(a.length - end).map((text) => ({ kind: 'same' as const, text })));
  return pieces;
}

const words = (text: string) => text.match(/\s+|[^\s]+/g) ?? [];

export function WordDiff({ before, after }: { before: string; after: string }) {
  return (
    <span className="diff diff--words">
      {diffTokens(words(before), words(after)).map((p, i) =>
        p.kind === 'same' ? <span key={i}>{p.text}</span> : p.kind === 'added' ? <ins key={i}>{p.text}</ins> : <del key={i}>{p.text}</del>,
      )}
    </span>
  );
}

export function LineDiff({ before, after, label }: { before: string; after: string; label: string }) {
  const pieces = diffTokens(before.split('\n'), after.split('\n'));
  return (
    <pre className="diff diff--lines" aria-label={label} tabIndex={0}>
      {pieces.map((p, i) => (
        <span key={i} className={`diff__line diff__line--${p.kind}`}>
          <span aria-hidden="true">{p.kind === 'added' ? '+ ' : p.kind === 'removed' ? '- ' : '  '}</span>
          {p.kind === 'added' ? <span className="visually-hidden">added: </span> : p.kind === 'removed' ? <span className="visually-hidden">removed: </span> : null}
          {p.text}
          {'\n'}
        </span>
      ))}
    </pre>
  );
}
