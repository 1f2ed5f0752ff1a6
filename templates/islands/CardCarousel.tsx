// Cards in a grid on wide screens; under 768 px one card at a time with previous/next and an
// "n/total" counter that wraps at both ends (solutions index, partner ecosystem).
import { useState } from 'react';
import { Chevron } from './lib/Chevron.tsx';
import { CarouselControls } from './lib/CarouselControls.tsx';
import { colon, type LocaleProp } from './lib/locale.tsx';

export interface CarouselCard { heading: string; text: string; icon: string; href?: string }
interface Props extends LocaleProp { items: CarouselCard[]; more?: string; columns?: 3 | 4; labels: { previous: string; next: string; counter: string; carousel: string } }

export default function CardCarousel({ items, more, columns = 3, labels, locale }: Props) {
  const [active, setActive] = useState(0);
  const go = (i: number) => setActive((i + items.length) % items.length);
  return (
    <div className="card-carousel" role="group" aria-roledescription={labels.carousel}>
      <ul className={`grid grid--${columns} card-carousel__list`} role="list">
        {items.map((s, i) => (
          <li key={s.heading} className={`card solution-card${i === active ? ' is-active' : ''}`}>
            <span className="icon-wrap solution-card__icon" dangerouslySetInnerHTML={{ __html: s.icon }} />
            <h3 className="card__title">{s.heading}</h3>
            <p>{s.text}</p>
            {s.href && more ? (
              <a href={s.href} className="card__link">
                {more}<span className="visually-hidden">{colon(locale)}{s.heading}</span>
                <Chevron direction="right" />
              </a>
            ) : null}
          </li>
        ))}
      </ul>
      <CarouselControls active={active} total={items.length} go={go} labels={labels} className="card-carousel" locale={locale} />
    </div>
  );
}
