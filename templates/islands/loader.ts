// The only code an island's page loads up front (no React): it decides when each island
// hydrates and only then imports the island's React code.
//   load     at once
//   visible  when the island comes within 300 px of the viewport, or is used (focus inside it)
//            before that; an island the visitor is already using when this runs hydrates at once
//   idle     after the page has loaded, when the browser is idle
type Hydrator = { hydrate(element: HTMLElement): void };

export function scheduleIslands(name: string, load: () => Promise<Hydrator>): void {
  let module: Promise<Hydrator> | undefined;
  const started = new WeakSet<HTMLElement>();
  const start = (element: HTMLElement) => {
    if (started.has(element)) return;
    started.add(element);
    module ??= load();
    module.then((m) => m.hydrate(element), (error) => console.error(`[island ${name}] could not load:`, error));
  };
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const mode = element.dataset.hydrate;
    if (mode === 'visible' && 'IntersectionObserver' in window) {
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
