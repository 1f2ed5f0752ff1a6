// Interface words islands need, from content/ui.yaml.
import type { Site } from '../../generator/content/model.ts';

export function sliderLabels(site: Site) {
  const ui = site.ui;
  return { previous: ui.previous, next: ui.next, pause: ui.pause, play: ui.play, slide: ui.slideLabel, carousel: ui.carousel };
}

export function carouselLabels(site: Site) {
  const ui = site.ui;
  return { previous: ui.previous, next: ui.next, counter: ui.slideCounter, carousel: ui.carousel };
}
