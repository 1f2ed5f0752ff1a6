// Solutions index: the solution cards. A grid on wide screens; under 768 px one card at a
// time with previous/next and an "n/total" counter, wrapping at both ends.
import { useState } from 'react';
import { Chevron } from './lib/Chevron.tsx';

export interface SolutionCardData { heading: string; subheading: string; icon: string; href: string }
interface Props { items: SolutionCardData[]; more: string; labels: { previous: string; next: string; counter: string } }

export default function SolutionCards({ items, more, labels }: Props) {
  const [active, setActive] = useState(0);
  const go = (i: number) => setActive((i + items.length) % items.length);
  return (
    <div className="solution-cards" role="group" aria-roledescription="carousel">
      <ul className="grid grid--3 solution-cards__list" role="list">
        {items.map((s, i) => (
          <li key={s.href} className={`card solution-card${i === active ? ' is-active' : ''}`}>
            <span className="icon-wrap solution-card__icon" dangerouslySetInnerHTML={{ __html: s.icon }} />
            <h3 className="card__title">{s.heading}</h3>
            <p>{s.subheading}</p>
            <a href={s.href} className="card__link">
              {more}<span className="visually-hidden">: {s.heading}</span>
              <Chevron direction="right" />
            </a>
          </li>
        ))}
      </ul>
      <div className="solution-cards__controls">
        <button type="button" className="round-button" onClick={() => go(active - 1)} aria-label={labels.previous}><Chevron direction="left" /></button>
        <span className="solution-cards__counter" aria-live="polite">{labels.counter.replace('{n}', String(active + 1)).replace('{total}', String(items.length))}</span>
        <button type="button" className="round-button" onClick={() => go(active + 1)} aria-label={labels.next}><Chevron direction="right" /></button>
      </div>
    </div>
  );
}
