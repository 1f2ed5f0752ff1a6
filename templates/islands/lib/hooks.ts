// Browser hooks shared by islands. Each starts from the same value the server rendered
// (hydration must match) and updates in an effect once the page is live.
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** true when the query matches; false on the server and in the first client render. */
export function useMedia(query: string): boolean {
  const [matches, setMatches] = useState(false);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setMatches(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export const useReducedMotion = () => useMedia('(prefers-reduced-motion: reduce)');
export const useMobile = () => useMedia('(max-width: 47.9375em)');

/**
 * Calls `tick` every `ms` (none while null); the delay may change between ticks. The timer is
 * set in the commit that shows the state, so the delay counts from the moment it is on screen
 * (and a test that sees the state knows the next tick is already scheduled).
 */
export function useInterval(tick: () => void, ms: number | null): void {
  const saved = useRef(tick);
  saved.current = tick;
  useLayoutEffect(() => {
    if (ms === null) return;
    const id = window.setTimeout(() => saved.current(), ms);
    return () => window.clearTimeout(id);
  });
}

/** true once the element has come into view (then stays true). */
export function useSeenOnce<T extends Element>(ref: RefObject<T | null>, threshold = 0.3): boolean {
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || seen) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        setSeen(true);
        observer.disconnect();
      }
    }, { threshold });
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, seen, threshold]);
  return seen;
}

/**
 * Autoplay that people can stop (WCAG 2.2.2): paused by the visitor's button, while the
 * pointer is over it or focus is inside it, and never running under reduced motion.
 */
export function usePausable<T extends HTMLElement>() {
  const ref = useRef<T | null>(null);
  const reduced = useReducedMotion();
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    // Keyboard focus inside pauses; a mouse click on a control (and the pause button itself) does not,
    // or pressing "Play" would leave it paused.
    const focusIn = (e: FocusEvent) => {
      const target = e.target as HTMLElement;
      setFocused(target.matches(':focus-visible') && !target.closest('.pause-button'));
    };
    const focusOut = (e: FocusEvent) => {
      if (!el.contains(e.relatedTarget as Node | null)) setFocused(false);
    };
    el.addEventListener('pointerenter', enter);
    el.addEventListener('pointerleave', leave);
    el.addEventListener('focusin', focusIn);
    el.addEventListener('focusout', focusOut);
    return () => {
      el.removeEventListener('pointerenter', enter);
      el.removeEventListener('pointerleave', leave);
      el.removeEventListener('focusin', focusIn);
      el.removeEventListener('focusout', focusOut);
    };
  }, []);
  const running = live && !reduced && !userPaused && !hovered && !focused;
  return { ref, running, reduced, userPaused, toggle: () => setUserPaused((p) => !p) };
}
