// Solution pages: counters. The server renders the real figures (crawlers and visitors
// without JavaScript read them). Where scripts run, CSS draws 0 (0%) over each figure until
// the island is live (`data-live`, styles/_components.scss), so the target never shows first;
// live, counters not yet on screen show 0, then count up to their target over 2 s when scrolled
// into view, once. The figure keeps the target's width throughout, so nothing moves. Under
// reduced motion they simply show the figures. `data-counting` marks the count while it runs. Figures are written
// as the page's language writes them (fr-CA: "30 %", "1 200", a no-break space in each).
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useReducedMotion, useSeenOnce } from './lib/hooks.ts';
import { formatNumber, formatPercent } from '../../generator/transform/format.ts';
import { tagOf, type LocaleProp } from './lib/locale.tsx';

export interface CounterItem { value: number; unit: 'percent' | 'number'; label: string }

export const COUNT_MS = 2000;

/** Eased progress (ease-out cubic) of the count at time t of `duration`. */
export function countAt(target: number, t: number, duration = COUNT_MS): number {
  if (t >= duration) return target;
  const p = Math.max(0, t) / duration;
  return Math.round(target * (1 - (1 - p) ** 3));
}

/** A counter's figure in the language of `tag`: 30 percent → "30%" (en-CA), "30 %" (fr-CA). */
export function figure(value: number, unit: CounterItem['unit'], tag: string): string {
  return unit === 'percent' ? formatPercent(value, tag) : formatNumber(value, tag);
}

export default function Counters({ items, locale }: { items: CounterItem[] } & LocaleProp) {
  const tag = tagOf(locale);
  const ref = useRef<HTMLDListElement>(null);
  const reduced = useReducedMotion();
  const seen = useSeenOnce(ref, 0.4);
  const [phase, setPhase] = useState<'static' | 'waiting' | 'done'>('static');
  const [elapsed, setElapsed] = useState(0);

  // Before the first paint after hydration, so no frame shows the server's figure over the 0.
  useLayoutEffect(() => setPhase(matchMedia('(prefers-reduced-motion: reduce)').matches ? 'done' : 'waiting'), []);
  useEffect(() => {
    if (reduced) setPhase('done');
  }, [reduced]);

  // One flag drives the animation, so nothing it sets can restart or cancel it. It starts in
  // the commit that shows the flag: the count's clock starts when counting is on screen.
  const counting = phase === 'waiting' && seen;
  useLayoutEffect(() => {
    if (!counting) return;
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = now - start;
      if (t >= COUNT_MS) return setPhase('done');
      setElapsed(t);
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [counting]);

  const shown = (target: number) => (phase === 'waiting' ? (counting ? countAt(target, elapsed) : 0) : target);
  return (
    <dl className="counters" ref={ref} data-live={phase !== 'static' || undefined} data-counting={counting || undefined}>
      {items.map((c) => (
        <div key={c.label} className="counters__item">
          <dt className="counters__label">{c.label}</dt>
          <dd className="counters__value" data-target={c.value}>
            <span className="counters__figure" data-start={figure(0, c.unit, tag)} data-figure={figure(c.value, c.unit, tag)}>{figure(shown(c.value), c.unit, tag)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
