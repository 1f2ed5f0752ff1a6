// /career: the 'Life @' slider, advancing every 3 s (pausable).
import { Slider, type SliderLabels } from './lib/Slider.tsx';
import type { ImageData } from '../components/views.tsx';
import { Picture } from '../components/Picture.tsx';

export interface LifeSlide { title: string; text: string; image: ImageData; imageAlt: string }

export default function LifeSlider({ slides, label, labels }: { slides: LifeSlide[]; label: string; labels: SliderLabels }) {
  return (
    <Slider label={label} labels={labels} perView={{ 0: 1, 768: 2, 1024: 3 }} spaceBetween={24} loop autoplay={3000} className="life-slider">
      {slides.map((s) => (
        <article key={s.title} className="card life-card">
          <Picture image={s.image} alt={s.imageAlt} className="life-card__image" />
          <h3 className="card__title">{s.title}</h3>
          <p>{s.text}</p>
        </article>
      ))}
    </Slider>
  );
}
