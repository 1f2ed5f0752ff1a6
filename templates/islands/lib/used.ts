// What counts as a visitor using a part of the page (#20): the loader hydrates a `used` island
// then, and a form's shell loads its validating code then (GetStartedWizard).

/** Focus, a press, a key or input inside the element; captured, so no handler inside can hide them. */
export const USE = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/** Set by the shell script on a `used` island the visitor used before its loader was listening. */
export const USED_EARLY = 'data-used';

/** Set on an island from the moment React starts hydrating it (runtime.tsx). */
export const HYDRATING = 'data-hydrating';

/**
 * Set by the shell script on a `used` island when the visitor pressed a plain button in it
 * (`type="button"`, which does nothing on its own) before React was hydrating it: the press
 * started hydration, but nothing was listening yet to act on it. The value is the button's index
 * among the island's plain buttons (the island element is ours, the button is React's: an
 * attribute on it would be one React did not render). Once the island has hydrated, runtime.tsx
 * presses that button again (replayPress), so the portrait chosen or the Next pressed is not
 * lost; of several early presses the last counts. Links and form controls need none of this:
 * they act on their own, and a form's values are handed over (prefill.ts). From HYDRATING on,
 * React itself hydrates at once what is pressed and hands it the event, so nothing is marked.
 */
export const PRESSED_EARLY = 'data-pressed';
export const PLAIN_BUTTON = 'button[type="button"]';

/** Presses again the button an early press left marked on a hydrated island (once). */
export function replayPress(island: HTMLElement): void {
  const index = Number(island.getAttribute(PRESSED_EARLY) ?? Number.NaN);
  island.removeAttribute(PRESSED_EARLY);
  const button = Number.isInteger(index) ? island.querySelectorAll<HTMLButtonElement>(PLAIN_BUTTON)[index] : undefined;
  if (button && !button.disabled) button.click();
}

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
