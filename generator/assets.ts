// Images and icons from content/images: copied to dist/assets/img with a content hash,
// measured (width/height for every <img>, so nothing shifts), and icons inlined as SVG.
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';

export interface ImageInfo { src: string; width: number; height: number }

export class AssetStore {
  /** Output files: dist-relative path → bytes. */
  readonly files = new Map<string, Buffer>();
  private images = new Map<string, ImageInfo>();
  private icons = new Map<string, string>();

  constructor(private contentDir: string) {}

  /** A content image (images/…) → its hashed URL and intrinsic size. */
  image(path: string): ImageInfo {
    let info = this.images.get(path);
    if (!info) {
      const bytes = readFileSync(join(this.contentDir, path));
      const hash = createHash('sha256').update(bytes).digest('base64url').replace(/[-_]/g, '').slice(0, 10);
      const name = path.replace(/^images\//, '').replace(/\.([a-z0-9]+)$/i, `-${hash}.$1`);
      const file = `assets/img/${name}`;
      this.files.set(file, bytes);
      info = { src: `/${file}`, ...measure(path, bytes) };
      this.images.set(path, info);
    }
    return info;
  }

  /** An icon's SVG markup for inlining: decorative, coloured by CSS through currentColor. */
  icon(path: string): string {
    let svg = this.icons.get(path);
    if (svg === undefined) {
      svg = readFileSync(join(this.contentDir, path), 'utf8')
        .replace(/<\?xml[^>]*>\s*/, '')
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/<svg\b/, '<svg aria-hidden="true" focusable="false" class="icon"')
        .replace(/\s(width|height)="[^"]*"/g, '')
        .trim();
      this.icons.set(path, svg);
    }
    return svg;
  }

  /** Forget cached files whose source changed (preview rebuilds). */
  invalidate(path: string): void {
    const info = this.images.get(path);
    if (info) this.files.delete(info.src.slice(1));
    this.images.delete(path);
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
