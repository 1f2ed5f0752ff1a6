// Home benefits: 6 cards first; Load more adds 6 at a time; once all show, Load less
// returns to 6. Under 768 px: one card at a time with previous/next, wrapping around.
// The server renders the same first state as the first client render, so hydration matches.
import { useState } from 'react';
import { CarouselControls } from './lib/CarouselControls.tsx';
import type { LocaleProp } from './lib/locale.tsx';

export interface BenefitItem { title: string; content: string; icon: string }
interface Props extends LocaleProp { items: BenefitItem[]; step: number; loadMore: string; loadLess: string; labels: { previous: string; next: string; counter: string } }

export default function BenefitsGrid({ items, step, loadMore, loadLess, labels, locale }: Props) {
  const [shown, setShown] = useState(Math.min(step, items.length));
  const [active, setActive] = useState(0);
  const all = shown >= items.length;
  const go = (i: number) => setActive((i + items.length) % items.length);
  return (
    <div className="benefits">
      <ul className="grid grid--3 benefits__grid" role="list">
        {items.map((item, i) => (
          <li key={item.title} className={`card icon-card${i < shown ? ' is-shown' : ''}${i === active ? ' is-active' : ''}`}>
            <span className="icon-wrap icon-card__icon" dangerouslySetInnerHTML={{ __html: item.icon }} />
            <h3 className="card__title">{item.title}</h3>
            <p>{item.content}</p>
          </li>
        ))}
      </ul>
      {items.length > step ? (
        <div className="benefits__more">
          <button type="button" className="btn btn--secondary" onClick={() => setShown(all ? step : Math.min(shown + step, items.length))}>
            {all ? loadLess : loadMore}
          </button>
        </div>
      ) : null}
      <CarouselControls active={active} total={items.length} go={go} labels={labels} className="benefits" locale={locale} />
    </div>
  );
}
