// What the preview keeps from one edit to the next, per record, post or route: the stages look
// up their last result for an unchanged object instead of working it out again (a schema
// check, the references found, a post's route). Each is only a cache (a miss works the result
// out anew, the same), and a `site build`, which builds once, has no next edit to keep them
// for: on a big site they hold much of its live heap from validation to the end, which the
// heap's growth before each full collection doubles in resident memory. So every such memo is
// made here, and `forgetEditMemos` empties them all once a one-shot build has used them.

const memos = new Set<{ clear(): void }>();

/** A WeakMap the preview keeps between edits (see above). */
export class EditMemo<K extends WeakKey, V> {
  private map = new WeakMap<K, V>();

  constructor() {
    memos.add(this);
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): this {
    this.map.set(key, value);
    return this;
  }

  /** A WeakMap cannot be emptied: a new one takes its place, and the old one goes with its entries. */
  clear(): void {
    this.map = new WeakMap();
  }
}

/** A Map the preview keeps between edits (the last list a stage mapped, per language). */
export function editMap<K, V>(): Map<K, V> {
  const map = new Map<K, V>();
  memos.add(map);
  return map;
}

/** How many times the memos were emptied in this process (what a test looks at). */
export let forgotten = 0;

/** Empties every memo: what a one-shot build kept for a next edit that will not come (Builder.full). */
export function forgetEditMemos(): void {
  for (const memo of memos) memo.clear();
  forgotten++;
}
