// Previous, "n/total", next: the one-at-a-time controls several islands share.
import { Chevron } from './Chevron.tsx';
import { fillCounts, type Locale } from './locale.tsx';

export interface CarouselLabels { previous: string; next: string; counter: string }

export function CarouselControls({ active, total, go, labels, className, locale }: { active: number; total: number; go: (index: number) => void; labels: CarouselLabels; className: string; locale?: Locale }) {
  return (
    <div className={`${className}__controls`}>
      <button type="button" className="round-button" onClick={() => go(active - 1)} aria-label={labels.previous}><Chevron direction="left" /></button>
      <span className={`${className}__counter`} aria-live="polite">{fillCounts(labels.counter, { n: active + 1, total }, locale)}</span>
      <button type="button" className="round-button" onClick={() => go(active + 1)} aria-label={labels.next}><Chevron direction="right" /></button>
    </div>
  );
}
