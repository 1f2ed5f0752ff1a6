// What counts as a visitor using a part of the page (#20): the loader hydrates a `used` island
// then, and a form's shell loads its validating code then (GetStartedWizard).

/** Focus, a press, a key or input inside the element; captured, so no handler inside can hide them. */
export const USE = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/** Set by the shell script on a `used` island the visitor used before its loader was listening. */
export const USED_EARLY = 'data-used';

/** Calls `then` once, the first time the visitor uses `element`; returns a function that stops listening. */
export function whenUsed(element: HTMLElement, then: () => void): () => void {
  const stop = () => {
    for (const type of USE) element.removeEventListener(type, used, true);
  };
  const used = () => {
    stop();
    then();
  };
  for (const type of USE) element.addEventListener(type, used, true);
  return stop;
}
