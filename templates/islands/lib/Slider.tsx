// A Swiper carousel with the site's own previous/next buttons and, when it autoplays, a
// pause control (WCAG 2.2.2). Autoplay also stops on hover, on focus and under reduced motion.
import { useEffect, useRef, type ReactNode } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y, Autoplay } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import { usePausable } from './hooks.ts';
import { PauseButton } from './PauseButton.tsx';
import { Chevron } from './Chevron.tsx';

export interface SliderLabels { previous: string; next: string; pause: string; play: string; slide: string; carousel: string }

interface Props {
  label: string;
  labels: SliderLabels;
  children: ReactNode[];
  /** Slides per view from a min-width (px at the default text size: scaled with the reader's) up; 0 is the base. */
  perView: Record<number, number>;
  spaceBetween?: number;
  loop?: boolean;
  /** Autoplay delay in ms; none when absent. */
  autoplay?: number;
  className?: string;
}

export function Slider({ label, labels, children, perView, spaceBetween = 20, loop = false, autoplay, className }: Props) {
  const swiper = useRef<SwiperInstance | null>(null);
  const { ref, running, reduced, userPaused, toggle } = usePausable<HTMLDivElement>();
  useEffect(() => {
    const s = swiper.current;
    if (!s || !autoplay || !s.autoplay) return;
    if (running) s.autoplay.start();
    else s.autoplay.stop();
  }, [running, autoplay]);
  // The widths scale with the reader's text size, as the stylesheet's em breakpoints do (16 px is
  // the default): with 24 px text four industry cards no longer squeeze into a 1,280 px screen.
  const scale = typeof document === 'undefined' ? 1 : (Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16) / 16;
  const breakpoints = Object.fromEntries(Object.entries(perView).filter(([w]) => w !== '0').map(([w, n]) => [Math.round(Number(w) * scale), { slidesPerView: n }]));
  return (
    <div className={`slider${className ? ` ${className}` : ''}`} ref={ref} role="region" aria-roledescription={labels.carousel} aria-label={label}>
      <Swiper
        modules={[A11y, Autoplay]}
        slidesPerView={perView[0] ?? 1}
        spaceBetween={spaceBetween}
        breakpoints={breakpoints}
        loop={loop}
        autoplay={autoplay ? { delay: autoplay, disableOnInteraction: false, pauseOnMouseEnter: false } : false}
        onSwiper={(s) => {
          swiper.current = s;
          if (autoplay) s.autoplay.stop();
        }}
        a11y={{ slideLabelMessage: labels.slide.replace('{n}', '{{index}}').replace('{total}', '{{slidesLength}}'), prevSlideMessage: labels.previous, nextSlideMessage: labels.next }}
      >
        {children.map((child, i) => (
          <SwiperSlide key={i}>{child}</SwiperSlide>
        ))}
      </Swiper>
      <div className="slider__controls">
        <button type="button" className="round-button" onClick={() => swiper.current?.slidePrev()} aria-label={labels.previous}>
          <Chevron direction="left" />
        </button>
        <button type="button" className="round-button" onClick={() => swiper.current?.slideNext()} aria-label={labels.next}>
          <Chevron direction="right" />
        </button>
        {autoplay ? <PauseButton paused={userPaused} onToggle={toggle} pauseLabel={labels.pause} playLabel={labels.play} hidden={reduced} /> : null}
      </div>
    </div>
  );
}
