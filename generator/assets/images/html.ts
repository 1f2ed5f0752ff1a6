// A photo's <picture> as HTML text, for images written in Markdown (generator/transform/markdown.ts): the
// same markup as templates/components/Picture.tsx renders for a template's image, attribute for
// attribute, spelt as React spells them (srcSet, fetchPriority: HTML names are case-blind;
// tests/unit/assets/images/images-picture.test.ts compares the two), so a photo in a post's text
// gets the same AVIF/WebP sources, sizes, lazy loading and placeholder as one in a card.
import type { ImageInfo } from '../assets.ts';

/** Escapes as React does in attributes. */
const attr = (value: string | number) => String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!);

export function pictureHtml(image: ImageInfo, alt: string, options: { className?: string; priority?: boolean } = {}): string {
  const { className, priority } = options;
  const attrs: [string, string | number | undefined][] = [
    ['src', image.src],
    ['srcSet', image.srcset],
    ['sizes', image.srcset ? image.sizes : undefined],
    ['alt', alt],
    ['width', image.width],
    ['height', image.height],
    ['class', className],
    ['loading', priority ? 'eager' : 'lazy'],
    ['decoding', priority ? 'sync' : 'async'],
    ['fetchPriority', priority ? 'high' : undefined],
    ['style', image.placeholder ? `background-color:${image.placeholder}` : undefined],
  ];
  const img = `<img ${attrs.filter(([, v]) => v !== undefined).map(([k, v]) => `${k}="${attr(v!)}"`).join(' ')}/>`;
  if (!image.sources?.length) return img;
  const sources = image.sources.map((s) => `<source type="${attr(s.type)}" srcSet="${attr(s.srcset)}" sizes="${attr(image.sizes ?? '')}"/>`).join('');
  return `<picture>${sources}${img}</picture>`;
}
