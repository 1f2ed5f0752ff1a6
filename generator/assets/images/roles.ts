// What a photo is used for on a page, and what that means for the browser: the
// `sizes` attribute (how wide the image is laid out at each viewport, so a phone picks a small
// file) and its widest use (for the "blurry" warning). Templates name a role; the numbers come
// from the CSS in styles/ and live here only, so `sizes`, the warning and docs/authoring.md agree.
// Pure: no file system, no sharp.
import type { Encoded } from './encode.ts';

/**
 * Widths every photo is encoded at (device pixels), capped at the source's own: one encode
 * serves every role, so a photo used as a card and as a hero is encoded once. 360 covers a
 * portrait at 2×; 720 a phone's full width (a hero or card is 343 CSS px at 375 px, 686 device
 * px at 2×; 379 at 412 px, 663 at Lighthouse's 1.75×): with 640 there, phones would take the
 * 960 file, far more bytes than they show (Lighthouse's image-delivery audit); 1920 a desktop hero
 * at 2×.
 */
export const WIDTH_LADDER = [360, 720, 960, 1280, 1920] as const;

/**
 * Widest a role is shown, in CSS px, and its `sizes`, from the layout in styles/; `phone` and
 * `desktop` are its CSS widths in a 375 px and a 1280 px viewport (what the heavy-image check
 * and the admin count a visitor downloading).
 */
interface Role { maxCss: number; sizes: string; phone: number; desktop: number }

// The container (styles/_base.scss) is 100% wide with a gutter of clamp(1rem, 4vw, 2.5rem) on
// each side: 32 px under 400 px of viewport, 8vw up to 1000 px, 80 px above.
const fullWidth = '(min-width: 1000px) calc(100vw - 80px), (min-width: 400px) 92vw, calc(100vw - 32px)';

export const roles = {
  /** The big image at the top of a post: .article__hero is at most 1100 px (styles/_pages.scss). */
  hero: { maxCss: 1020, phone: 343, desktop: 1020, sizes: `(min-width: 1100px) 1020px, ${fullWidth}` },
  /**
   * A page's hero beside its text (.hero__media, styles/_components.scss): two columns 1.05fr and
   * 1fr with a 48 px gap from 1024 px, so (100vw - 80 - 48) / 2.05, and 687 px once the container
   * stops at 1536; one column under 1024 px, at most 560 px wide.
   */
  pageHero: { maxCss: 687, phone: 343, desktop: 562, sizes: '(min-width: 1536px) 687px, (min-width: 1024px) calc((100vw - 128px) / 2.05), (min-width: 609px) 560px, (min-width: 400px) 92vw, calc(100vw - 32px)' },
  /** A message page's picture (404, thanks, coming soon: .message-page__image, styles/_pages.scss): min(360px, 80vw). */
  message: { maxCss: 360, phone: 300, desktop: 360, sizes: '(min-width: 450px) 360px, 80vw' },
  /** A post card in a .grid--3 (styles/_components.scss): three columns from 1024 px, two from 768, one below; gap 24 px. */
  card: { maxCss: 470, phone: 343, desktop: 384, sizes: '(min-width: 1536px) 470px, (min-width: 1024px) calc((100vw - 128px) / 3), (min-width: 768px) calc(46vw - 12px), (min-width: 400px) 92vw, calc(100vw - 32px)' },
  /** A photo in a post's text: .article__main beside a 300 px aside from 1024 px (styles/_pages.scss). */
  article: { maxCss: 672, phone: 343, desktop: 672, sizes: '(min-width: 1100px) 672px, (min-width: 1024px) calc(100vw - 428px), ' + fullWidth },
  /** A leader's or team member's round photo: 104–220 px (styles/_company.scss, _pages.scss). */
  portrait: { maxCss: 220, phone: 150, desktop: 220, sizes: '(max-width: 767px) 150px, 220px' },
  /** An author's or a testimonial's small round photo: 64 px. */
  avatar: { maxCss: 64, phone: 64, desktop: 64, sizes: '64px' },
  /** A brand mark in the header or footer. */
  logo: { maxCss: 240, phone: 240, desktop: 240, sizes: '240px' },
  /** Anything else (slides, features, a map, a menu promo): at most half the page beside text, full width on a phone. */
  content: { maxCss: 768, phone: 343, desktop: 600, sizes: '(min-width: 1024px) 50vw, ' + fullWidth },
} satisfies Record<string, Role>;

export type ImageRole = keyof typeof roles;

/** Device pixels assumed for the widest use: 2× covers nearly every phone and laptop sold. */
const DENSITY = 2;

/**
 * The widest a role needs in device pixels: its CSS width at 2×, but never more than the
 * ladder's top (a 1020 px hero at 2× wants 2040, and the ladder stops at 1920 by choice).
 */
export function largestUse(role: ImageRole): number {
  return Math.min(roles[role].maxCss * DENSITY, WIDTH_LADDER[WIDTH_LADDER.length - 1]!);
}

/** The MIME type a <source> announces. */
export const mimeTypes = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const;

/**
 * What a template gets for a photo: the fallback <img>'s src, srcset and size, the <source>
 * sets best first, and the placeholder colour. `url(file)` gives each encoded file's URL.
 */
export interface PictureSet {
  src: string;
  width: number;
  height: number;
  srcset: string;
  sources: { type: string; srcset: string }[];
  /** `#rrggbb` behind the image while it loads; absent for an image with transparency (it would show through). */
  placeholder?: string;
}

export function pictureSet(encoded: Encoded, url: (file: Encoded['files'][number]) => string): PictureSet {
  const byFormat = new Map<string, Encoded['files']>();
  for (const file of encoded.files) {
    const list = byFormat.get(file.format);
    if (list) list.push(file);
    else byFormat.set(file.format, [file]);
  }
  const srcset = (format: string) => (byFormat.get(format) ?? []).map((f) => `${url(f)} ${f.width}w`).join(', ');
  const fallbacks = byFormat.get(encoded.fallback) ?? [];
  // The plain src (for browsers without srcset, and for og:image and JSON-LD) is the widest
  // file up to 1280: sharp enough to share, not the 1920 one.
  const plain = [...fallbacks].reverse().find((f) => f.width <= 1280) ?? fallbacks[0]!;
  const largest = fallbacks[fallbacks.length - 1]!;
  return {
    src: url(plain),
    // The intrinsic size is the widest file's: it sets the aspect ratio, so nothing shifts.
    width: largest.width,
    height: largest.height,
    srcset: srcset(encoded.fallback),
    sources: [...byFormat.keys()].filter((f) => f !== encoded.fallback).map((f) => ({ type: mimeTypes[f as keyof typeof mimeTypes], srcset: srcset(f) })),
    placeholder: encoded.source.hasAlpha ? undefined : encoded.dominant,
  };
}

/** Viewports the heavy-image check and the admin report: a phone at 2× and a laptop at 1×. */
export const VIEWPORTS = { phone: { css: 'phone', density: 2 }, desktop: { css: 'desktop', density: 1 } } as const;

/**
 * The file a browser downloads for `role` in a viewport: the narrowest width that covers the
 * laid-out width at the viewport's density (the widest when none does), in the best format.
 */
export function delivered(encoded: Encoded, role: ImageRole, viewport: keyof typeof VIEWPORTS): Encoded['files'][number] {
  const need = roles[role][VIEWPORTS[viewport].css] * VIEWPORTS[viewport].density;
  const best = encoded.files.filter((f) => f.format === encoded.files[0]!.format);
  return best.find((f) => f.width >= need) ?? best[best.length - 1]!;
}
