// What counts as a visitor using a part of the page: the loader hydrates a `used` island
// then, and a form's shell loads its validating code then (GetStartedWizard).

/** Focus, a press, a key or input inside the element; captured, so no handler inside can hide them. */
export const USE = ['focusin', 'pointerdown', 'keydown', 'input'] as const;

/** Set by the shell script on a `used` island the visitor used before its loader was listening. */
export const USED_EARLY = 'data-used';

/**
 * Set by the shell script on an island whose form fields the visitor left (a blur: tabbed
 * through, or typed and moved on) before it had hydrated; the value is their names, separated by
 * spaces. The island's form marks them touched once mounted (prefill.ts, useTouchedEarly), so
 * their errors show as they would have had the script been there. Only until `data-hydrated`:
 * from then on the island's own blur handlers see every blur.
 */
export const TOUCHED_EARLY = 'data-touched';

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

/**
 * Set by the shell script on a `used` island whose form the visitor sent before it had hydrated,
 * with a field the browser found invalid (an untouched contact form, Send pressed at once). The
 * browser's own message is held back (it speaks the browser's language and its own words, not
 * the spec's), and once the island has hydrated runtime.tsx sends the form again (replaySubmit):
 * the form's own checks then show the spec's messages and focus the first field. Should the
 * island not hydrate within EARLY_SUBMIT_WAIT ms (its scripts did not come), the shell script lets
 * the browser check the form after all (NATIVE_CHECK), so a visitor is never left without a word.
 * A form that passes the browser's checks is sent as the plain POST it is, as before.
 */
export const SUBMITTED_EARLY = 'data-submitted';
export const NATIVE_CHECK = 'data-native-check';
export const EARLY_SUBMIT_WAIT = 5000;

/**
 * Sends again the form an early, invalid send left marked on a hydrated island (once); the value
 * is the form's index among the island's forms, as for PRESSED_EARLY. A hydrated lead form does
 * its own checks (`noValidate`, which LeadForm sets from its first effect on, so possibly not yet
 * in the DOM when its island reports it has mounted): the browser's check is switched off here
 * first, else it would run again and show its own message after all.
 */
export function replaySubmit(island: HTMLElement): void {
  const index = Number(island.getAttribute(SUBMITTED_EARLY) ?? Number.NaN);
  island.removeAttribute(SUBMITTED_EARLY);
  const form = Number.isInteger(index) ? island.querySelectorAll('form')[index] : undefined;
  if (!form) return;
  form.noValidate = true;
  form.requestSubmit();
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
