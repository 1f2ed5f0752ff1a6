// One image as the page shows it, for templates and islands alike: an SVG is a plain <img>; a
// photo is a <picture> whose AVIF and WebP <source>s and fallback srcset let the browser take
// the smallest file that fills the role's width (`sizes`, generator/assets/images/roles.ts). Width and
// height are always set, so the layout does not move when it arrives, and a photo's dominant
// colour fills its box until then. The colour is a style attribute: the CSP allows inline
// styles ('unsafe-inline' in style-src, generator/output/headers.ts) and no script is involved.
// Markdown images get the same markup from generator/assets/images/html.ts (a test keeps them equal).
import type { ImageInfo } from '../../generator/assets/assets.ts';

export interface PictureProps {
  image: ImageInfo;
  alt: string;
  className?: string;
  /** The page's main above-the-fold image: fetched first, never lazily. */
  priority?: boolean;
  loading?: 'lazy' | 'eager';
}

export function Picture({ image, alt, className, priority, loading = 'lazy' }: PictureProps) {
  const img = (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? image.sizes : undefined}
      alt={alt}
      width={image.width}
      height={image.height}
      className={className}
      loading={priority ? 'eager' : loading}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
      style={image.placeholder ? { backgroundColor: image.placeholder } : undefined}
    />
  );
  if (!image.sources?.length) return img;
  return (
    <picture>
      {image.sources.map((s) => <source key={s.type} type={s.type} srcSet={s.srcset} sizes={image.sizes} />)}
      {img}
    </picture>
  );
}
