// Previous, "n/total", next: the one-at-a-time controls several islands share.
import { Chevron } from './Chevron.tsx';

export interface CarouselLabels { previous: string; next: string; counter: string }

export function CarouselControls({ active, total, go, labels, className }: { active: number; total: number; go: (index: number) => void; labels: CarouselLabels; className: string }) {
  return (
    <div className={`${className}__controls`}>
      <button type="button" className="round-button" onClick={() => go(active - 1)} aria-label={labels.previous}><Chevron direction="left" /></button>
      <span className={`${className}__counter`} aria-live="polite">{labels.counter.replace('{n}', String(active + 1)).replace('{total}', String(total))}</span>
      <button type="button" className="round-button" onClick={() => go(active + 1)} aria-label={labels.next}><Chevron direction="right" /></button>
    </div>
  );
}
