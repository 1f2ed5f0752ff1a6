// Home benefits: 6 cards first; Load more adds 6 at a time; once all show, Load less
// returns to 6. The server renders the same first six as the first client render, so
// hydration matches. Icons arrive as inline SVG strings (props must be plain data).
import { useState } from 'react';

export interface BenefitItem { title: string; content: string; icon: string }
interface Props { items: BenefitItem[]; step: number; loadMore: string; loadLess: string }

export default function BenefitsGrid({ items, step, loadMore, loadLess }: Props) {
  const [shown, setShown] = useState(Math.min(step, items.length));
  const all = shown >= items.length;
  return (
    <div className="benefits">
      <ul className="grid grid--3 benefits__grid" role="list">
        {items.slice(0, shown).map((item) => (
          <li key={item.title} className="card icon-card">
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
    </div>
  );
}
