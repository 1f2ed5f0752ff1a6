// Home: the industries strip, scrolling as a marquee (one loop every 13 s). A second copy of
// the list makes the loop seamless and is hidden from assistive technology. Pauses on the
// visitor's button, on hover and on focus; under reduced motion it is a static, wrapped list.
import { usePausable } from './lib/hooks.ts';
import { PauseButton } from './lib/PauseButton.tsx';

export interface MarqueeItem { name: string; icon: string }
interface Props { items: MarqueeItem[]; label: string; pauseLabel: string; playLabel: string }

export default function IndustryMarquee({ items, label, pauseLabel, playLabel }: Props) {
  const { ref, running, reduced, userPaused, toggle } = usePausable<HTMLDivElement>();
  const list = (copy: boolean) => (
    <ul className="marquee__list" role="list" aria-hidden={copy || undefined}>
      {items.map((item) => (
        <li key={item.name} className="marquee__item">
          <span className="icon-wrap" dangerouslySetInnerHTML={{ __html: item.icon }} />
          {item.name}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="marquee" ref={ref} data-running={running || undefined} aria-label={label} role="region">
      <div className="marquee__viewport">
        <div className="marquee__track">
          {list(false)}
          {list(true)}
        </div>
      </div>
      <PauseButton paused={userPaused} onToggle={toggle} pauseLabel={pauseLabel} playLabel={playLabel} hidden={reduced} />
    </div>
  );
}
