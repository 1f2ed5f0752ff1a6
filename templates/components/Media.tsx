// Images and icons from content/images. Every <img> gets its intrinsic width and height.
import { useEnv } from '../context.tsx';

interface ImgProps {
  src: string;
  alt: string;
  className?: string;
  loading?: 'lazy' | 'eager';
  priority?: boolean;
  sizes?: string;
}

export function Img({ src, alt, className, loading = 'lazy', priority }: ImgProps) {
  const info = useEnv().image(src);
  return (
    <img
      src={info.src}
      alt={alt}
      width={info.width}
      height={info.height}
      className={className}
      loading={priority ? 'eager' : loading}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : undefined}
    />
  );
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
