// Images and icons from content/images: copied to dist/assets/img with a content hash,
// measured (width/height for every <img>, so nothing shifts), and icons inlined as SVG. Photos
// (JPEG, PNG, WebP, AVIF) are encoded before rendering (generator/assets/images/stage.ts) and handed
// in with `useRaster`; their files are the encoded widths and formats, never the source.
// Every read goes through generator/content/paths.ts: no "..", no symbolic link (validation reports
// those with their line; meeting one here is a generator bug).
import { hash } from '../hash.ts';
import { listUnder, readUnder } from '../content/paths.ts';
import { fileName, type Encoded } from './images/encode.ts';
import { pictureSet, roles, type ImageRole, type PictureSet } from './images/roles.ts';

/**
 * An image as templates show it. An SVG has `src` and its size only; a photo also has what a
 * <picture> needs (templates/components/Picture.tsx): the fallback's `srcset`, the role's
 * `sizes`, the AVIF and WebP `sources`, and a `placeholder` colour.
 */
/** Largest SVG `inlineImage` puts in the page (bytes); the shipped logo is about 1.4 KB. */
const INLINE_LIMIT = 4096;

export interface ImageInfo {
  src: string;
  width: number;
  height: number;
  srcset?: string;
  sizes?: string;
  sources?: { type: string; srcset: string }[];
  placeholder?: string;
}

/** The folders whose every SVG goes into the icon sprite (`AssetStore.sprite`). */
export const SPRITE_FOLDERS = ['icons', 'industries'] as const;

export class AssetStore {
  /** Output files: dist-relative path → bytes. */
  readonly files = new Map<string, Buffer>();
  private images = new Map<string, ImageInfo>();
  /** Encoded photos by content path: what the admin and the checks read, and each one's output files. */
  readonly rasters = new Map<string, { encoded: Encoded; set: PictureSet; files: string[] }>();
  /** Roles each photo was asked for in the last render (for the "blurry" warning). */
  readonly uses = new Map<string, Set<ImageRole>>();
  private icons = new Map<string, string>();
  private spriteUrl: string | undefined;
  private spriteIds = new Set<string>();

  constructor(private contentDir: string) {}

  /**
   * Every line icon (images/icons, images/industries) as one hashed SVG sprite of <symbol>s.
   * Pages reference icons with <use>, so an icon's markup is sent once per visitor, not once
   * per use on every page.
   */
  private sprite(): string {
    if (this.spriteUrl) return this.spriteUrl;
    const symbols: string[] = [];
    for (const folder of SPRITE_FOLDERS) {
      // Hidden files are never content (editors' locks and swap files live there).
      const names = listUnder(this.contentDir, `images/${folder}`).filter((e) => !e.isDirectory() && !e.name.startsWith('.')).map((e) => e.name).filter((f) => f.endsWith('.svg')).sort();
      for (const name of names) {
        const svg = readUnder(this.contentDir, `images/${folder}/${name}`).toString('utf8').replace(/<\?xml[^>]*>\s*/, '').replace(/<!--[\s\S]*?-->/g, '');
        const open = /<svg\b([^>]*)>/.exec(svg);
        if (!open) continue;
        const attrs = open[1]!.replace(/\s(xmlns(:\w+)?|width|height|class|role|aria-[\w-]+)="[^"]*"/g, '');
        const id = `${folder}-${name.slice(0, -4)}`;
        symbols.push(`<symbol id="${id}"${attrs}>${svg.slice(open.index + open[0].length, svg.lastIndexOf('</svg>'))}</symbol>`);
        this.spriteIds.add(`images/${folder}/${name}`);
      }
    }
    const bytes = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`);
    const file = `assets/img/icons-${hash(bytes)}.svg`;
    this.files.set(file, bytes);
    this.spriteUrl = `/${file}`;
    return this.spriteUrl;
  }

  /**
   * A photo, encoded: its files become outputs (assets/img/<folder>/<name>-<width>-<hash>.<ext>)
   * and `image(path)` returns its <picture> data from now on.
   */
  useRaster(path: string, encoded: Encoded): void {
    this.dropRaster(path);
    const stem = `assets/img/${path.replace(/^images\//, '').replace(/\.[a-z0-9]+$/i, '')}`;
    const folder = stem.slice(0, stem.lastIndexOf('/') + 1);
    const nameOf = (file: Encoded['files'][number]) => `${folder}${fileName(stem.slice(folder.length), file)}`;
    const set = pictureSet(encoded, (file) => `/${nameOf(file)}`);
    const files = encoded.files.map((file) => {
      this.files.set(nameOf(file), file.bytes);
      return nameOf(file);
    });
    this.rasters.set(path, { encoded, set, files });
  }

  private dropRaster(path: string): void {
    const raster = this.rasters.get(path);
    if (!raster) return;
    for (const file of raster.files) this.files.delete(file);
    this.rasters.delete(path);
    for (const key of [...this.images.keys()]) if (key.startsWith(`${path}\0`)) this.images.delete(key);
  }

  /**
   * A content image (images/…) → its hashed URL and intrinsic size; for a photo, its <picture>
   * data with the `sizes` of `role` (generator/assets/images/roles.ts). A template that shows the
   * image names its role; one that only links to it (og:image, JSON-LD) does not.
   */
  image(path: string, role?: ImageRole): ImageInfo {
    const raster = this.rasters.get(path);
    if (raster) {
      // Without a role the image is not laid out (og:image, JSON-LD): no use to warn about.
      if (role) {
        let uses = this.uses.get(path);
        if (!uses) this.uses.set(path, (uses = new Set()));
        uses.add(role);
      }
      const key = `${path}\0${role ?? 'content'}`;
      let info = this.images.get(key);
      if (!info) this.images.set(key, (info = { ...raster.set, sizes: roles[role ?? 'content'].sizes }));
      return info;
    }
    let info = this.images.get(path);
    if (!info) {
      const bytes = readUnder(this.contentDir, path);
      const name = path.replace(/^images\//, '').replace(/\.([a-z0-9]+)$/i, `-${hash(bytes)}.$1`);
      const file = `assets/img/${name}`;
      this.files.set(file, bytes);
      info = { src: `/${file}`, ...measure(path, bytes) };
      this.images.set(path, info);
    }
    return info;
  }

  /**
   * A small SVG (at most INLINE_LIMIT bytes) as a data: URI, so showing it costs no request: the
   * header's logo, the first thing every page paints and (while the hero fades in) the page's
   * largest contentful paint, which otherwise waited for a request of its own after the HTML.
   * Base64 in an <img>: a data: image cannot run script or reach the page, whatever the file
   * holds (img-src allows data:, generator/output/headers.ts). Anything else is `image(path)`.
   */
  inlineImage(path: string): ImageInfo {
    const info = this.image(path, 'logo');
    if (!path.endsWith('.svg') || this.rasters.has(path)) return info;
    const bytes = this.files.get(info.src.slice(1));
    if (!bytes || bytes.length > INLINE_LIMIT) return info;
    return { ...info, src: `data:image/svg+xml;base64,${bytes.toString('base64')}` };
  }

  /**
   * An icon's SVG markup: decorative, coloured by CSS through currentColor. It is always a <use>
   * of the sprite, never the file's own markup: a content file is not pasted into the page (a
   * "SVG" without an <svg> root, which the sprite skips, would otherwise go into the HTML as it
   * is, markup and all); such an icon shows nothing.
   */
  icon(path: string): string {
    let svg = this.icons.get(path);
    if (svg === undefined) {
      const sprite = this.sprite();
      // The schema allows images/(icons|industries)/<a-z0-9->.svg only; anything else shows nothing.
      const name = /^images\/(icons|industries)\/([a-z0-9-]+)\.svg$/.exec(path);
      const use = name ? `<use href="${sprite}#${name[1]}-${name[2]}"></use>` : '';
      svg = `<svg aria-hidden="true" focusable="false" class="icon" viewBox="0 0 24 24">${use}</svg>`;
      this.icons.set(path, svg);
    }
    return svg;
  }

  /** Forget cached files whose source changed (preview rebuilds). */
  invalidate(path: string): void {
    this.dropRaster(path);
    const info = this.images.get(path);
    if (info) this.files.delete(info.src.slice(1));
    this.images.delete(path);
    if (this.spriteIds.has(path) || /^images\/(icons|industries)\//.test(path)) {
      if (this.spriteUrl) this.files.delete(this.spriteUrl.slice(1));
      this.spriteUrl = undefined;
      this.spriteIds.clear();
      this.icons.clear();
    }
    this.icons.delete(path);
  }
}

/** Intrinsic size from the file header: SVG attributes/viewBox, PNG IHDR, JPEG SOF, WebP. */
export function measure(path: string, bytes: Buffer): { width: number; height: number } {
  if (path.endsWith('.svg')) {
    const head = bytes.toString('utf8', 0, Math.min(bytes.length, 2000));
    const tag = /<svg\b[^>]*>/.exec(head)?.[0] ?? '';
    const w = /\swidth="([\d.]+)"/.exec(tag)?.[1];
    const h = /\sheight="([\d.]+)"/.exec(tag)?.[1];
    if (w && h) return { width: Math.round(Number(w)), height: Math.round(Number(h)) };
    const vb = /viewBox="[\d.-]+[\s,]+[\d.-]+[\s,]+([\d.]+)[\s,]+([\d.]+)"/.exec(tag);
    if (vb) return { width: Math.round(Number(vb[1])), height: Math.round(Number(vb[2])) };
  } else if (bytes.readUInt32BE(0) === 0x89504e47) {
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  } else if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i < bytes.length) {
      const marker = bytes[i + 1]!;
      const length = bytes.readUInt16BE(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
        return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7) };
      }
      i += 2 + length;
    }
  } else if (bytes.toString('ascii', 8, 12) === 'WEBP' && bytes.toString('ascii', 12, 16) === 'VP8X') {
    return { width: 1 + bytes.readUIntLE(24, 3), height: 1 + bytes.readUIntLE(27, 3) };
  }
  return { width: 0, height: 0 };
}
