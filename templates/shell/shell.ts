// The shell's only script (no React, a few hundred bytes gzipped): the navbar's scroll
// state, aria-expanded on popover triggers, the home logo closing menus, the 404 page's
// address and blog variant. Everything else in the shell is native HTML.

import { rememberVisit } from './attribution.ts';
import { EARLY_SUBMIT_WAIT, HYDRATING, NATIVE_CHECK, PLAIN_BUTTON, PRESSED_EARLY, SUBMITTED_EARLY, TOUCHED_EARLY, USE, USED_EARLY } from '../islands/lib/used.ts';

/**
 * The page's header, looked up when asked: on an English 404 served at a French address the body
 * is replaced by the French one (frenchNotFound), and a header found before that stayed
 * transparent over the art once scrolled.
 */
const pageHeader = () => document.querySelector<HTMLElement>('[data-header]');

/** Transparent at scroll position 0, white once scrolled. */
function trackScroll(): void {
  const header = pageHeader();
  if (!header) return;
  const update = () => header.toggleAttribute('data-scrolled', window.scrollY > 0);
  update();
  window.addEventListener('scroll', update, { passive: true });
}

/** Popover triggers report their state to assistive technology. */
function trackPopovers(): void {
  for (const popover of document.querySelectorAll<HTMLElement>('[popover]')) {
    popover.addEventListener('toggle', (event) => {
      const open = (event as ToggleEvent).newState === 'open';
      for (const trigger of document.querySelectorAll(`[popovertarget="${popover.id}"]:not([popovertargetaction="hide"])`)) {
        trigger.setAttribute('aria-expanded', String(open));
      }
      pageHeader()?.toggleAttribute('data-menu-open', !!document.querySelector('[popover]:popover-open'));
      document.documentElement.classList.toggle('menu-open', !!document.querySelector('#mobile-menu:popover-open'));
    });
  }
}

/** On the home page the logo closes any open menu and scrolls smoothly to the top. */
function homeLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-home-link]')) {
    link.addEventListener('click', (event) => {
      if (location.pathname !== link.pathname) return;
      event.preventDefault();
      for (const open of document.querySelectorAll<HTMLElement>('[popover]:popover-open')) open.hidePopover();
      const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
      window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    });
  }
}

/** A link into the same page that the menu covers: close the menu first. */
function closeMenuOnNavigate(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[popover] a[href]')) {
    link.addEventListener('click', () => {
      const popover = link.closest<HTMLElement>('[popover]');
      if (popover?.matches(':popover-open')) popover.hidePopover();
    });
  }
}

/** The language prefix of the current path: '/fr' under /fr, '' for English. */
const prefix = /^\/fr(?:\/|$)/.test(location.pathname) ? '/fr' : '';

/**
 * The 404 document is served for every unknown path. Under /blog-details/… (or
 * /fr/blog-details/…) it shows 'Blog not found'; elsewhere the address becomes /404 (/fr/404)
 * as the spec's redirect did.
 */
function notFound(): void {
  const generic = document.querySelector<HTMLElement>('[data-not-found="generic"]');
  if (!generic) return;
  const blog = document.querySelector<HTMLElement>('[data-not-found="blog"]');
  const path = location.pathname.slice(prefix.length);
  if (/^\/blog-details\/[^/]+$/.test(path) && blog) {
    generic.hidden = true;
    blog.hidden = false;
  } else if (path !== '/404') {
    history.replaceState(null, '', `${prefix}/404`);
  }
}

/**
 * CloudFront serves one error page for the whole site, the English 404.html. For a French
 * path it is replaced by the French one (fr/404.html, a real file) before anything else runs.
 * `site serve` and the preview serve fr/404.html themselves, so there this does nothing.
 */
async function frenchNotFound(): Promise<void> {
  if (!prefix || !document.querySelector('[data-not-found]') || document.documentElement.lang.startsWith('fr')) return;
  try {
    const response = await fetch(`${prefix}/404.html`);
    if (!response.ok) return;
    const french = new DOMParser().parseFromString(await response.text(), 'text/html');
    document.documentElement.lang = french.documentElement.lang;
    document.title = french.title;
    document.body.replaceWith(document.adoptNode(french.body));
  } catch {
    // Offline or blocked: the English page stays, which still says the page was not found.
  }
}

/**
 * The language switch leads to this page in the other language; the blog list's query
 * (category, page, size) goes with it, as it is at the moment the link is followed. On the 404
 * document, served at any address, "this page" is the address: 'Blog not found' at
 * /fr/blog-details/999 leads to /blog-details/999, not to the generic /404.
 */
function languageSwitch(): void {
  const notFoundPage = document.querySelector('[data-not-found]') !== null;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-language-switch]')) {
    const href = link.getAttribute('href') ?? '';
    // The 404 page's switch goes to the other language's /404: what precedes /404 is its prefix.
    const base = notFoundPage && href.endsWith('/404') ? href.slice(0, -'/404'.length) + location.pathname.slice(prefix.length) : href;
    const update = () => link.setAttribute('href', base + location.search);
    for (const type of ['click', 'focus', 'pointerenter', 'contextmenu']) link.addEventListener(type, update);
  }
}

/** Arriving from another page mid-scroll (bfcache aside), start at the top, smoothly. */
function scrollToTopOnArrival(): void {
  if (location.hash || window.scrollY === 0) return;
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav && nav.type === 'navigate') window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** The hero's pulsing placeholder stops once its image has loaded or failed. */
function heroImages(): void {
  for (const media of document.querySelectorAll<HTMLElement>('.hero__media')) {
    const img = media.querySelector('img');
    const done = () => media.setAttribute('data-loaded', '');
    if (!img || (img.complete && img.naturalWidth > 0)) done();
    else {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    }
  }
}

/**
 * Sections that start below the fold fade in once, over 1000 ms, when they scroll into view.
 * Nothing is hidden without this script or under reduced motion.
 * Where a section starts is read from the observer's first report, computed with the browser's
 * own next layout: reading each section's position here would force a layout, and hiding one
 * between reads another, a long task that is most of a page's blocking time on a phone. A
 * section already on screen, or partly, is left as it is.
 */
function revealOnScroll(): void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches || !('IntersectionObserver' in window)) return;
  const placed = new WeakSet<Element>();
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      const el = entry.target as HTMLElement;
      if (!placed.has(el)) {
        placed.add(el);
        if (entry.isIntersecting || entry.boundingClientRect.top <= window.innerHeight) observer.unobserve(el);
        else el.classList.add('reveal-pending');
        continue;
      }
      if (!entry.isIntersecting) continue;
      observer.unobserve(el);
      el.classList.add('reveal-done');
      el.classList.remove('reveal-pending');
    }
  }, { rootMargin: '0px 0px -10% 0px' });
  for (const el of document.querySelectorAll<HTMLElement>('main .section > .container')) observer.observe(el);
}

/**
 * The islands' scripts are added once the first screen has been painted: the page lists them as
 * data (generator/render/render.ts, islandScripts), not as tags the browser would fetch at once beside
 * the font and the first screen's images. The first screen is the server's HTML and needs none
 * of them to show; they follow it by a frame. Only our own script paths are taken.
 */
/**
 * Island scripts arrive after the first paint (startIslands), so a visitor can press, focus or
 * type inside a lead form (a `used` island) before its loader listens. That first touch is
 * remembered on the island here, where listening starts with the page, and the loader hydrates
 * such an island at once (templates/islands/loader.ts).
 */
function rememberEarlyUse(): void {
  const mark = (event: Event) => {
    const target = event.target;
    const island = target instanceof Element ? target.closest<HTMLElement>('[data-hydrate="used"]') : null;
    island?.setAttribute(USED_EARLY, '');
  };
  for (const type of USE) document.addEventListener(type, mark, { capture: true, passive: true });
  // A plain button pressed before React hydrates its island is pressed again once it has (used.ts).
  document.addEventListener('click', (event) => {
    const target = event.target;
    const button = target instanceof Element ? target.closest<HTMLButtonElement>(PLAIN_BUTTON) : null;
    const island = button?.closest<HTMLElement>('[data-hydrate="used"]');
    if (!button || !island || island.hasAttribute(HYDRATING) || island.hasAttribute('data-hydrated')) return;
    island.setAttribute(USED_EARLY, '');
    island.setAttribute(PRESSED_EARLY, String([...island.querySelectorAll(PLAIN_BUTTON)].indexOf(button)));
  }, { capture: true, passive: true });
  // A form sent before its island has hydrated, with a field the browser finds invalid: the
  // browser's message is held back and the form is sent again once hydrated (used.ts,
  // SUBMITTED_EARLY). `invalid` does not bubble; a listener capturing at the document sees it.
  document.addEventListener('invalid', (event) => {
    const control = event.target;
    const island = control instanceof Element ? control.closest<HTMLElement>('[data-hydrate="used"]') : null;
    const form = control instanceof Element ? control.closest('form') : null;
    if (!island || !form || island.hasAttribute('data-hydrated') || island.hasAttribute(NATIVE_CHECK)) return;
    event.preventDefault();
    if (island.hasAttribute(SUBMITTED_EARLY)) return;
    island.setAttribute(USED_EARLY, '');
    island.setAttribute(SUBMITTED_EARLY, String([...island.querySelectorAll('form')].indexOf(form)));
    setTimeout(() => {
      if (island.hasAttribute('data-hydrated') || !island.hasAttribute(SUBMITTED_EARLY)) return;
      island.removeAttribute(SUBMITTED_EARLY);
      island.setAttribute(NATIVE_CHECK, '');
      form.reportValidity();
    }, EARLY_SUBMIT_WAIT);
  }, true);
}

/**
 * A form field left before its island has hydrated counts as touched, as the island's own blur
 * handler would have made it: its name is kept on the island (used.ts, TOUCHED_EARLY) for the
 * island to take over once mounted. Every island, whatever its hydration mode: the script of a
 * form on the first screen can be late too.
 */
function rememberEarlyTouch(): void {
  document.addEventListener('focusout', (event) => {
    const control = event.target;
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement) || !control.name) return;
    const island = control.closest<HTMLElement>('[data-island]');
    if (!island || island.hasAttribute('data-hydrated')) return;
    const names = new Set((island.getAttribute(TOUCHED_EARLY) ?? '').split(' ').filter(Boolean)).add(control.name);
    island.setAttribute(TOUCHED_EARLY, [...names].join(' '));
  }, { capture: true, passive: true });
}

function startIslands(): void {
  const data = document.querySelector('script[data-island-scripts]');
  if (!data) return;
  let list: { preload?: unknown; scripts?: unknown };
  try {
    list = JSON.parse(data.textContent ?? '') as typeof list;
  } catch {
    return;
  }
  const ours = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && /^\/assets\/js\/[\w./-]+\.js$/.test(v) && !v.includes('..')) : []);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of ours(list.preload)) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
    for (const src of ours(list.scripts)) document.head.append(Object.assign(document.createElement('script'), { type: 'module', src }));
  };
  // After the first paint: its timing entry (also when it came before this script ran), or the
  // frame after the next one where paint timing is missing. A page opened in a background tab
  // paints nothing: it starts anyway, a little later.
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    new PerformanceObserver((entries, observer) => {
      if (!entries.getEntries().length) return;
      observer.disconnect();
      start();
    }).observe({ type: 'paint', buffered: true });
  } else requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 500);
}

rememberEarlyUse();
rememberEarlyTouch();
rememberVisit();
await frenchNotFound();
startIslands();
trackScroll();
heroImages();
revealOnScroll();
trackPopovers();
homeLinks();
closeMenuOnNavigate();
notFound();
languageSwitch();
scrollToTopOnArrival();
