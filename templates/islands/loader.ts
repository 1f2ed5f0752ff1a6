// The only code an island's page loads up front (no React): it decides when each island
// hydrates and only then imports the island's React code.
//   load     at once
//   visible  when the island comes within 300 px of the viewport, or is used (focus inside it)
//            before that; an island the visitor is already using when this runs hydrates at once
//   idle     after the page has loaded, when the browser is idle
//   used     only when the visitor starts using it: focus, a press, a key or input inside it (a
//            lead form: until then it is the server's plain <form method="post">, which works on
//            its own, so React, Formik and Yup reach the page with the visitor's first touch; the
//            blog list on a phone: its first page is the server's markup). At once all the same
//            where the island says its markup is not enough (neededAtOnce). A plain button
//            pressed before hydration is pressed again after it (lib/used.ts, PRESSED_EARLY).
// Hydrating is the page's longest work, so islands whose time has come hydrate one at a time,
// each in a task of its own that starts only after the browser has had the main thread back
// (input the visitor gave meanwhile is handled first): no island's work adds to another's.
import { USED_EARLY, whenUsed } from './lib/used.ts';

type Hydrator = { hydrate(element: HTMLElement): void };

/** Hydrations waiting their turn (every island entry shares this module, so one queue a page). */
const queue: (() => void)[] = [];
let draining = false;

/** Resolves in a new task, once the browser has run what was waiting (input first, then rendering). */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  // A message is a task of its own with no timer clamp (setTimeout(0) waits 4 ms once nested).
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * React's own code, evaluated in a task of its own before any island's: evaluated together with an
 * island's (and Formik's) it was a page's longest task on a phone. Imported here, in the module
 * every island entry shares, so the entries stay as small as they were.
 */
let react: Promise<void> | undefined;
const loadReact = () => (react ??= import('react-dom/client').then(() => yieldToBrowser()));

function enqueue(hydrate: () => void): void {
  queue.push(hydrate);
  if (draining) return;
  draining = true;
  void (async () => {
    while (queue.length) {
      await yieldToBrowser();
      try {
        queue.shift()!();
      } catch (error) {
        // Reported as an uncaught error would be, and the next island still gets its turn.
        reportError(error);
      }
    }
    draining = false;
  })();
}

/**
 * A `used` island whose server markup is not all the visitor needs here (Island.tsx, loadWhen):
 * the screen matches its `data-load-media`, or the address carries one of its `data-load-params`.
 */
export function neededAtOnce(element: HTMLElement, search = location.search): boolean {
  const media = element.dataset.loadMedia;
  if (media && matchMedia(media).matches) return true;
  const params = new URLSearchParams(search);
  return (element.dataset.loadParams ?? '').split(' ').some((name) => name !== '' && params.has(name));
}

export function scheduleIslands(name: string, load: () => Promise<Hydrator>): void {
  let module: Promise<Hydrator> | undefined;
  const started = new WeakSet<HTMLElement>();
  const start = (element: HTMLElement) => {
    if (started.has(element)) return;
    started.add(element);
    module ??= loadReact().then(load);
    module.then((m) => enqueue(() => m.hydrate(element)), (error) => console.error(`[island ${name}] could not load:`, error));
  };
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const mode = element.dataset.hydrate;
    if (mode === 'used') {
      // Hydrating adopts the server's elements (nothing is re-created), so the press or key that
      // started it still lands where it was aimed, and what is typed meanwhile is kept (prefill).
      // Used already: focus is inside, or the shell script saw a press or key there before this
      // module was loaded (island scripts follow the first paint).
      if (element.contains(document.activeElement) || element.hasAttribute(USED_EARLY) || neededAtOnce(element)) start(element);
      else {
        const stop = whenUsed(element, () => start(element));
        // A phone turned to landscape (or a window widened) can come to match the island's media.
        const media = element.dataset.loadMedia ? matchMedia(element.dataset.loadMedia) : null;
        media?.addEventListener('change', function wider() {
          if (!media.matches) return;
          media.removeEventListener('change', wider);
          stop();
          start(element);
        });
      }
    } else if (mode === 'visible' && 'IntersectionObserver' in window) {
      // A visitor typing in a form whose script arrives late must not wait for a scroll or an
      // intersection update: being used is the strongest sign an island is needed.
      if (element.contains(document.activeElement)) {
        start(element);
        continue;
      }
      const observer = new IntersectionObserver((entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        used();
      }, { rootMargin: '300px' });
      const used = () => {
        observer.disconnect();
        element.removeEventListener('focusin', used);
        start(element);
      };
      element.addEventListener('focusin', used);
      observer.observe(element);
    } else if (mode === 'idle') {
      const idle = () => ('requestIdleCallback' in window ? requestIdleCallback(() => start(element), { timeout: 2000 }) : setTimeout(() => start(element), 200));
      if (document.readyState === 'complete') idle();
      else addEventListener('load', idle, { once: true });
    } else {
      start(element);
    }
  }
}
