// A post whose hero is a phone photo, in real Chromium: a 375 px phone fetches the 360 px
// AVIF, a 1280 px laptop the 1280 px one, and nothing moves while the photo arrives (CLS 0).
import { test, expect } from '@playwright/test';
import { startPreviewProcess, type PreviewProcess } from './preview-process.ts';
import { phonePhoto, photoPost, writeContent } from '../photo-fixtures.ts';

let preview: PreviewProcess;
test.beforeAll(async () => {
  // 2400×1600 fills every width of the ladder and encodes faster than a 4000×3000 one.
  const photo = await phonePhoto({ width: 2400, height: 1600, seed: 5 });
  preview = await startPreviewProcess((box) => {
    writeContent(box.content, 'images/blog/e2e-yard.jpg', photo);
    writeContent(box.content, 'blog/e2e-yard.md', photoPost({ slug: 'e2e-yard', id: 903, image: 'images/blog/e2e-yard.jpg' }));
    // A page hero that is a photo: beside the text, about half the width of a post's hero.
    box.edit('solutions/eld.yaml', 'image: images/illustrations/eld.svg', 'image: images/blog/e2e-yard.jpg');
  });
});
test.afterAll(() => preview?.stop());

for (const [viewport, width] of [[375, 360], [1280, 1280]] as const) {
  test(`at ${viewport} px the hero downloads the ${width} px AVIF, once, and the layout does not shift`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: viewport, height: 800 } });
    const page = await context.newPage();
    const photos: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/e2e-yard-')) photos.push(new URL(request.url()).pathname);
    });
    // Layout shifts from the start, summed as CLS counts them (not those right after input), with
    // what moved: a failure names the elements (CI once saw 0.0011 here on a machine loaded far
    // beyond CI's; 45 runs under such load did not show it again).
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number; moved: string[] };
      w.cls = 0;
      w.moved = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
          if (entry.hadRecentInput) continue;
          w.cls += entry.value;
          for (const s of entry.sources ?? []) {
            const el = s.node instanceof Element ? `${s.node.localName}.${[...s.node.classList].join('.')}` : String(s.node?.nodeName);
            const r = (q: DOMRectReadOnly) => `${q.x},${q.y} ${q.width}x${q.height}`;
            w.moved.push(`${Math.round(entry.startTime)} ms ${el}: ${r(s.previousRect)} -> ${r(s.currentRect)} (fonts ${document.fonts.status})`);
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${preview.base}/blog-details/903`, { waitUntil: 'load' });
    const hero = page.locator('.article__hero img');
    await expect(hero).toHaveJSProperty('complete', true);
    // naturalWidth is density-corrected (it reads the laid-out width): the chosen file says more.
    expect(await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toMatch(new RegExp(`/e2e-yard-${width}-\\w+\\.avif$`));
    expect(photos).toEqual([expect.stringMatching(new RegExp(`^/assets/img/blog/e2e-yard-${width}-\\w+\\.avif$`))]);
    await page.waitForTimeout(300);
    const { cls, moved } = await page.evaluate(() => {
      const w = window as unknown as { cls: number; moved: string[] };
      return { cls: w.cls, moved: w.moved };
    });
    expect(cls, `layout shifts:\n${moved.join('\n')}`).toBe(0);
    await context.close();
  });
}

// A page's hero sits beside its text (562 CSS px at 1280, 437 at 1024, at most 560 on a tablet):
// its `sizes` are its own, not a post hero's 1020 px, so a laptop does not fetch twice the pixels.
for (const [viewport, width] of [[1280, 720], [1024, 720], [1600, 720], [768, 720], [375, 360]] as const) {
  test(`at ${viewport} px a photo in a page's hero downloads the ${width} px AVIF, the narrowest that covers it`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: viewport, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${preview.base}/solutions/eld`, { waitUntil: 'load' });
    const hero = page.locator('.hero__media img');
    await expect(hero).toHaveJSProperty('complete', true);
    const shown = await hero.evaluate((img) => img.getBoundingClientRect().width);
    const chosen = await hero.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    expect(chosen).toMatch(new RegExp(`/e2e-yard-${width}-\\w+\\.avif$`));
    // The file chosen covers the laid-out width, and the next narrower one would not.
    expect(width).toBeGreaterThanOrEqual(shown);
    await context.close();
  });
}
