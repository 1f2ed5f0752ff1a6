// Testimonials: loops; one per slide under 768 px, two above; star ratings.
import { Slider, type SliderLabels } from './lib/Slider.tsx';
import { TestimonialView, type TestimonialData } from '../components/views.tsx';

export default function TestimonialSlider({ items, label, labels }: { items: TestimonialData[]; label: string; labels: SliderLabels }) {
  return (
    <Slider label={label} labels={labels} perView={{ 0: 1, 768: 2 }} spaceBetween={24} loop className="testimonial-slider">
      {items.map((t) => <TestimonialView key={t.author} t={t} />)}
    </Slider>
  );
}
