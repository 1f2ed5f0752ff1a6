// Home: the fleet feature showcase. On wide screens it steps through the items by itself,
// once at 1 s per item, then every 2 s, looping (pausable; paused on hover and focus). On
// small screens the visitor moves with previous/next. Items are also tabs one can choose.
// `data-running` marks it while it steps by itself.
import { useState } from 'react';
import { useInterval, useMobile, usePausable } from './lib/hooks.ts';
import { PauseButton } from './lib/PauseButton.tsx';
import { CarouselControls } from './lib/CarouselControls.tsx';
import type { LocaleProp } from './lib/locale.tsx';
import { Picture } from '../components/Picture.tsx';

export interface ShowcaseItem { heading: string; subheading: string; icon: string; image: { src: string; width: number; height: number }; imageAlt: string }
interface Props extends LocaleProp { items: ShowcaseItem[]; labels: { pause: string; play: string; previous: string; next: string; counter: string } }

/** Delay before the next automatic step: 1 s per item on the first pass, 2 s afterwards. */
export function stepDelay(stepsTaken: number, count: number): number {
  return stepsTaken < count - 1 ? 1000 : 2000;
}

export default function FleetShowcase({ items, labels, locale }: Props) {
  const [active, setActive] = useState(0);
  const [steps, setSteps] = useState(0);
  const mobile = useMobile();
  const { ref, running, reduced, userPaused, toggle } = usePausable<HTMLDivElement>();
  const go = (i: number) => setActive((i + items.length) % items.length);
  const autoplay = running && !mobile;
  useInterval(() => {
    go(active + 1);
    setSteps((s) => s + 1);
  }, autoplay ? stepDelay(steps, items.length) : null);
  const item = items[active]!;
  return (
    <div className="showcase" ref={ref} data-running={autoplay || undefined}>
      <div className="showcase__tabs" role="tablist" aria-orientation="vertical">
        {items.map((x, i) => (
          <button
            key={x.heading}
            type="button"
            role="tab"
            id={`showcase-tab-${i}`}
            aria-selected={i === active}
            aria-controls="showcase-panel"
            tabIndex={i === active ? 0 : -1}
            className="showcase__tab"
            onClick={() => go(i)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowRight') { e.preventDefault(); go(i + 1); (e.currentTarget.parentElement!.children[(i + 1) % items.length] as HTMLElement).focus(); }
              if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') { e.preventDefault(); go(i - 1); (e.currentTarget.parentElement!.children[(i - 1 + items.length) % items.length] as HTMLElement).focus(); }
            }}
          >
            <span className="icon-wrap showcase__icon" dangerouslySetInnerHTML={{ __html: x.icon }} />
            <span>
              <span className="showcase__heading">{x.heading}</span>
              <span className="showcase__sub">{x.subheading}</span>
            </span>
          </button>
        ))}
      </div>
      <div className="showcase__panel" id="showcase-panel" role="tabpanel" aria-labelledby={`showcase-tab-${active}`}>
        <Picture image={item.image} alt={item.imageAlt} className="showcase__image" />
        <div className="showcase__caption">
          <p className="showcase__heading">{item.heading}</p>
          <p className="showcase__sub">{item.subheading}</p>
        </div>
        <CarouselControls active={active} total={items.length} go={go} labels={labels} className="showcase" locale={locale} />
        <PauseButton paused={userPaused} onToggle={toggle} pauseLabel={labels.pause} playLabel={labels.play} hidden={reduced} />
      </div>
    </div>
  );
}
