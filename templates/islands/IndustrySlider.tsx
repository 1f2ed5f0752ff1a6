// Home: industries slider. Loops, advances every 3 s (pausable), 1 slide on phones, 2 from
// 768 px, 4 from 1024 px, 20 px apart.
import { Slider, type SliderLabels } from './lib/Slider.tsx';

export interface IndustrySlide { name: string; summary: string; icon: string }

export default function IndustrySlider({ items, label, labels }: { items: IndustrySlide[]; label: string; labels: SliderLabels }) {
  return (
    <Slider label={label} labels={labels} perView={{ 0: 1, 768: 2, 1024: 4 }} spaceBetween={20} loop autoplay={3000} className="industry-slider">
      {items.map((item) => (
        <article key={item.name} className="card industry-card">
          <span className="icon-wrap industry-card__icon" dangerouslySetInnerHTML={{ __html: item.icon }} />
          <h3 className="card__title">{item.name}</h3>
          <p>{item.summary}</p>
        </article>
      ))}
    </Slider>
  );
}
