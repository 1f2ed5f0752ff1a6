// Images and icons from content/images. Every <img> gets its intrinsic width and height; a
// photo becomes a <picture> sized for its role (templates/components/Picture.tsx).
import { useEnv } from '../context.tsx';
import type { ImageRole } from '../../generator/assets/images/roles.ts';
import { Picture } from './Picture.tsx';

interface ImgProps {
  src: string;
  alt: string;
  /** What the image is on the page (hero, card, portrait…): decides which width a phone downloads. */
  role?: ImageRole;
  className?: string;
  loading?: 'lazy' | 'eager';
  priority?: boolean;
  /** A small SVG written into the page as a data: URI (no request): the header's logo. */
  inline?: boolean;
}

export function Img({ src, alt, role, className, loading = 'lazy', priority, inline }: ImgProps) {
  const env = useEnv();
  const image = (inline && env.inlineImage?.(src)) || env.image(src, role ?? 'content');
  return <Picture image={image} alt={alt} className={className} loading={loading} priority={priority} />;
}

/** A decorative line icon, inlined so CSS colours it. */
export function Icon({ src, className }: { src: string; className?: string }) {
  const svg = useEnv().icon(src);
  return <span className={className ? `icon-wrap ${className}` : 'icon-wrap'} dangerouslySetInnerHTML={{ __html: svg }} />;
}

/** Markdown already rendered to HTML by the generator. */
export function Html({ html, className, as: Tag = 'div', lang }: { html: string; className?: string; as?: 'div' | 'span' | 'p'; lang?: string }) {
  return <Tag className={className} lang={lang} dangerouslySetInnerHTML={{ __html: html }} />;
}
