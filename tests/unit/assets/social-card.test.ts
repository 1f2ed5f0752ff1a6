// Social cards: the SVG template (escaping, wrapping, no system font), the PNG's title
// chunk, and the card stage's cache (a second run renders nothing; an edit renders one card).
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { existsSync, linkSync, mkdtempSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { cardSvg, escapeXml, titleLayout, wrapLines, type CardFont } from '../../../generator/assets/images/social-card.ts';
import { readPngText, withPngText } from '../../../generator/assets/images/png-text.ts';
import { CARD_FONT, slugOf, SocialCards } from '../../../generator/assets/cards.ts';
import { cardRecordName, limiter } from '../../../generator/assets/card-files.ts';
import { loadCardFont, renderCard, tokenColours, type CardJob } from '../../../generator/assets/card-draw.ts';
import { ContentError } from '../../../generator/problems/problems.ts';
import type { Route } from '../../../generator/render/routes.ts';
import type { Site } from '../../../generator/content/model.ts';
import { contentDir, root } from '../../helpers.ts';
import { sha256 } from '../../../generator/hash.ts';
import { readSums, sumsPath, writeSums } from '../../../generator/speed/card-sums.ts';

const colours = tokenColours(readFileSync(join(root, 'styles/_tokens.scss'), 'utf8'));
const brand = { logo: readFileSync(join(contentDir, 'images/brand/logo-white.svg')), mark: readFileSync(join(contentDir, 'images/brand/mark.svg')) };
const input = (title: string, section?: string) => ({ title, section, host: 'www.trilliumfleet.example', lang: 'en-CA', colours, ...brand });

/** A font where every character is 0.5 em wide and draws nothing: enough to test layout. */
/** A card's bytes as handed on: in memory, or read from its file on demand. */
const bytesOf = async (card: { bytes: Buffer | (() => Promise<Buffer>) }): Promise<Buffer> => (Buffer.isBuffer(card.bytes) ? card.bytes : await card.bytes());
const mono: CardFont = { width: (s) => [...s].length * 0.5, path: () => 'M0 0' };

/** The real card font, loaded the way the stage loads it. */
let inter: CardFont;
beforeAll(async () => {
  inter = await loadCardFont(readFileSync(join(root, CARD_FONT)));
});

let tinyPng: Buffer;
beforeAll(async () => {
  tinyPng = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#0b1f33' } }).png().toBuffer();
});

describe('the card template', () => {
  test('a title with markup, ampersands and quotes is escaped: the SVG still parses and says the title', async () => {
    const title = `</title><script>alert("x")</script> Fleets & "ELD" <b>'s</b>`;
    const svg = cardSvg(input(title, 'Blog & <News>'), mono);
    expect(svg).not.toContain('<script');
    expect(svg).toContain(`<title>${escapeXml(title)}</title>`);
    expect(svg).toContain('<desc>Blog &#38; &#60;News&#62;</desc>');
    // librsvg is a strict XML parser: one raw "&" or "<" and it refuses the document.
    const { width, height } = await sharp(Buffer.from(svg)).metadata();
    expect([width, height]).toEqual([1200, 630]);
    expect(escapeXml(`<&>"'`)).toBe('&#60;&#38;&#62;&#34;&#39;');
  });

  test('text is drawn as outlines, never as <text> that a machine could draw in another font', () => {
    const svg = cardSvg(input('Évaluez « Solutions »', 'Solutions'), inter);
    expect(svg).not.toMatch(/<text\b/);
    expect(svg).toMatch(/<path d="M[\d.]+ [\d.]+/);
  });

  test('words wrap to lines no wider than the measure allows; no-break spaces keep words together', () => {
    const measure = (s: string) => s.length;
    expect(wrapLines('one two three four', measure, 9)).toEqual(['one two', 'three', 'four']);
    expect(wrapLines('Prix\u00a0: 40 $ par mois', measure, 8)).toEqual(['Prix\u00a0:', '40 $ par', 'mois']);
    for (const line of wrapLines('a fleet of many trucks rolling down the 401 at dawn', measure, 12)) expect(line.length).toBeLessThanOrEqual(12);
  });

  test('a word longer than a line is cut, and text past the last line ends in an ellipsis that fits', () => {
    const measure = (s: string) => s.length;
    expect(wrapLines('Supercalifragilistic', measure, 8)).toEqual(['Supercal', 'ifragili', 'stic']);
    const lines = wrapLines('one two three four five six seven', measure, 9, 2);
    expect(lines).toEqual(['one two', 'three…']);
    expect(wrapLines('alpha, beta gamma delta', measure, 7, 1)).toEqual(['alpha…']);
  });

  test('long titles shrink, then stop at three lines with an ellipsis; every line fits the card', () => {
    const short = titleLayout('Page not found', inter);
    expect(short).toEqual({ size: 72, lines: ['Page not found'] });
    const long = titleLayout('Customer Interview: Rolling Out Tracking and ELDs at Great Lakes Regional Freight', inter);
    expect(long.lines.length).toBeLessThanOrEqual(3);
    const endless = titleLayout('The complete guide to '.repeat(12).trim(), inter);
    expect(endless.lines).toHaveLength(3);
    expect(endless.lines[2]).toMatch(/…$/);
    for (const { size, lines } of [short, long, endless]) for (const line of lines) expect(inter.width(line) * size).toBeLessThanOrEqual(1200 - 160);
  });

  test('French accents have their own glyphs (Inter covers them): no fallback box', () => {
    const notdef = inter.path('\u{10FFFF}', 100, 0, 100);
    for (const letter of ['é', 'è', 'ê', 'à', 'ç', 'ô', 'û', 'É', '«', '»', '’']) expect(inter.path(letter, 100, 0, 100), letter).not.toBe(notdef);
  });
});

describe('the PNG title', () => {
  test('a UTF-8 title survives in an iTXt chunk, and the PNG stays valid', async () => {
    const png = withPngText(tinyPng, 'Title', 'Carnet de route : l’hiver à Montréal', 'fr-CA');
    expect(readPngText(png).get('Title')).toBe('Carnet de route : l’hiver à Montréal');
    expect((await sharp(png).metadata()).width).toBe(2);
  });

  test('a drawn card is 1200×630 and names its page', async () => {
    const job: CardJob = { kind: 'template', title: 'ELD Mandate: What Canadian Fleets Need to Know', lang: 'en-CA', svg: async () => cardSvg(input('ELD Mandate: What Canadian Fleets Need to Know', 'Blog'), inter) };
    const png = await renderCard(job);
    expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect(readPngText(png).get('Title')).toBe('ELD Mandate: What Canadian Fleets Need to Know');
  });
});

describe('the card stage', () => {
  const dirs: string[] = [];
  const temp = (name: string) => {
    const dir = mkdtempSync(join(tmpdir(), name));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

  const site = { config: { url: 'https://www.trilliumfleet.example', logoWhite: 'images/brand/logo-white.svg', mark: 'images/brand/mark.svg' } } as unknown as Site;
  const route = (path: string, title: string, extra: Partial<Route> = {}) => ({ path, title, locale: 'en', sources: [`content/${path}.yaml`], ...extra }) as Route;
  const counting = () => {
    const made: string[] = [];
    const render = async (job: CardJob) => {
      made.push(job.kind === 'template' ? job.title : 'image');
      return job.kind === 'template' ? withPngText(tinyPng, 'Title', job.title) : renderCard(job);
    };
    return { made, render };
  };
  const nowhere = () => ({ file: 'nowhere', line: 1, column: 1 });

  test('a second build renders no card: each comes from the cache folder, byte for byte', async () => {
    const cacheDir = temp('cards-cache-');
    const routes = () => [route('/', 'Home'), route('/solutions/adas', 'ADAS', { section: 'Solutions' }), route('/404', 'Page not found')];
    const a = counting();
    const first = new SocialCards(root, contentDir, { cacheDir, render: a.render });
    const r1 = routes();
    first.plan(r1, { en: site }, nowhere);
    const files1 = await first.files();
    expect(a.made).toHaveLength(3);
    expect([...files1.keys()]).toEqual(r1.map((r) => r.card!.src.slice(1)));
    expect(r1[1]!.card!.src).toMatch(/^\/assets\/cards\/solutions-adas-\w{10}\.png$/);

    const b = counting();
    const second = new SocialCards(root, contentDir, { cacheDir, render: b.render });
    const r2 = routes();
    second.plan(r2, { en: site }, nowhere);
    const files2 = await second.files();
    expect(b.made).toEqual([]);
    expect(second.stats).toMatchObject({ rendered: 0, fromDisk: 3 });
    expect(r2.map((r) => r.card!.src)).toEqual(r1.map((r) => r.card!.src));
    for (const [file, bytes] of files1) expect(files2.get(file)!.equals(bytes)).toBe(true);
  });

  test('site build streams cards (each, nothing kept) with the same files as files(); a damaged entry is drawn again', async () => {
    const cacheDir = temp('cards-cache-');
    const routes = () => [route('/', 'Home'), route('/solutions/adas', 'ADAS', { section: 'Solutions' }), route('/404', 'Page not found')];
    const kept = new SocialCards(root, contentDir, { cacheDir: temp('cards-cache-'), render: counting().render });
    kept.plan(routes(), { en: site }, nowhere);
    const expected = await kept.files();
    const streamed = async () => {
      const drawn = counting();
      const cards = new SocialCards(root, contentDir, { cacheDir, render: drawn.render });
      cards.retain = false;
      cards.plan(routes(), { en: site }, nowhere);
      const got = new Map<string, Buffer>();
      await cards.each(async (file, card) => void got.set(file, Buffer.isBuffer(card.bytes) ? card.bytes : await card.bytes()));
      return { got, made: drawn.made, stats: cards.stats, cards };
    };
    const cold = await streamed();
    expect(cold.made).toHaveLength(3);
    expect([...cold.got.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [file, bytes] of expected) expect(cold.got.get(file)!.equals(bytes)).toBe(true);
    const [entry] = readdirSync(cacheDir).sort();
    writeFileSync(join(cacheDir, entry!), readFileSync(join(cacheDir, entry!)).subarray(0, 30));
    const warm = await streamed();
    expect(warm.made).toHaveLength(1);
    for (const [file, bytes] of expected) expect(warm.got.get(file)!.equals(bytes)).toBe(true);
    // A card the content folder's record names, deleted since: plan() takes the record's word and
    // does not look; each() finds it gone and draws it again.
    expect(readFileSync(join(cacheDir, cardRecordName(contentDir)), 'utf8')).toContain(entry!.replace(/\.bin$/, ''));
    rmSync(join(cacheDir, entry!));
    const gone = await streamed();
    expect(gone.made).toHaveLength(1);
    expect(existsSync(join(cacheDir, entry!))).toBe(true);
    for (const [file, bytes] of expected) expect(gone.got.get(file)!.equals(bytes)).toBe(true);
    // The sweep counts this build's cards at the sizes each() handed on (it does not lstat them):
    // with room for them and 500 bytes more, another build's 1,000-byte card must go.
    const other = join(cacheDir, `${'e'.repeat(64)}.bin`);
    writeFileSync(other, Buffer.alloc(1000));
    utimesSync(other, new Date(Date.now() - 5 * 86_400_000), new Date(Date.now() - 5 * 86_400_000));
    const ourBytes = [...expected.values()].reduce((n, bytes) => n + bytes.length, 0);
    expect((await gone.cards.sweep({ maxBytes: ourBytes + 500, maxAgeDays: 30 }, Date.now()))).toMatchObject({ removed: 1, bytes: 1000 });
    expect(existsSync(other)).toBe(false);
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.bin'))).toHaveLength(3);
  });

  test('the sweep keeps this build\'s cards, removes those unused for 30 days, then the least recently used down to 80% of the size limit, and nothing else', async () => {
    const cacheDir = temp('cards-cache-');
    const cards = new SocialCards(root, contentDir, { cacheDir, render: counting().render });
    cards.plan([route('/', 'Home'), route('/faqs', 'FAQs')], { en: site }, nowhere);
    await cards.files();
    const ours = readdirSync(cacheDir).sort();
    const day = 86_400_000;
    const started = Date.now();
    const card = (name: string, ageDays: number, size = 1000) => {
      const file = join(cacheDir, `${name.repeat(64).slice(0, 64)}.bin`);
      writeFileSync(file, Buffer.alloc(size));
      const at = new Date(started - ageDays * day);
      utimesSync(file, at, at);
      return file;
    };
    // This build's own cards, last used long ago: kept (and marked used now).
    for (const name of ours) utimesSync(join(cacheDir, name), new Date(started - 90 * day), new Date(started - 90 * day));
    const ourBytes = ours.reduce((n, name) => n + statSync(join(cacheDir, name)).size, 0);
    // Three other cards, each as big as this build's together.
    const stale = card('a', 31, ourBytes);
    const older = card('b', 5, ourBytes);
    const newer = card('c', 1, ourBytes);
    const foreign = join(cacheDir, 'notes.txt');
    writeFileSync(foreign, 'not a card');
    // Four times this build's bytes in a folder limited to 2.5 times: over it, so down to 80% of
    // it (twice this build's). The stale one goes for its age, then the older of the two.
    const limits = { maxBytes: ourBytes * 2.5, maxAgeDays: 30 };
    const result = await cards.sweep(limits, started);
    expect(result).toMatchObject({ removed: 2, bytes: 2 * ourBytes });
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(older)).toBe(false);
    expect(existsSync(newer)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
    // Now under 90% of the limit: the next builds of the day look at no other card (the ledger).
    utimesSync(newer, new Date(started - 40 * day), new Date(started - 40 * day));
    expect((await cards.sweep(limits, started)).removed).toBe(0);
    expect(existsSync(newer)).toBe(true);
    for (const name of ours) expect(statSync(join(cacheDir, name)).mtimeMs).toBeGreaterThanOrEqual(started - 1000);
    // Under a limit smaller than this build's own cards, those are still all kept.
    rmSync(join(cacheDir, 'sweep.json'));
    const tight = await cards.sweep({ maxBytes: 0, maxAgeDays: 30 }, started);
    expect(tight.removed).toBe(1);
    expect(readdirSync(cacheDir).filter((n) => n.endsWith('.bin')).sort()).toEqual(ours);
  });

  test('each content folder has its own record of the cards it read; the sweep removes the records of folders not built for 30 days and the single record of earlier versions', async () => {
    const cacheDir = temp('cards-cache-');
    const cards = new SocialCards(root, contentDir, { cacheDir, render: counting().render });
    cards.retain = false;
    cards.plan([route('/', 'Home')], { en: site }, nowhere);
    await cards.each(() => undefined);
    const mine = join(cacheDir, cardRecordName(contentDir));
    expect(existsSync(mine)).toBe(true);
    // Another content folder's name for the same checkout's cache: not this one's.
    expect(cardRecordName(join(contentDir, 'elsewhere'))).not.toBe(cardRecordName(contentDir));
    const day = 86_400_000;
    const abandoned = join(cacheDir, cardRecordName(join(contentDir, 'gone')));
    const recent = join(cacheDir, cardRecordName(join(contentDir, 'recent')));
    const legacy = join(cacheDir, 'verified.json');
    for (const file of [abandoned, recent, legacy]) writeFileSync(file, '{}');
    utimesSync(abandoned, new Date(Date.now() - 31 * day), new Date(Date.now() - 31 * day));
    await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, Date.now());
    expect([abandoned, recent, legacy, mine].map((f) => existsSync(f))).toEqual([false, true, false, true]);
  });

  test('within a day of a full look and well under the limit, the sweep marks this build\'s cards and looks at no other; a day later, or near the limit, or with a damaged ledger, it looks again', async () => {
    const cacheDir = temp('cards-cache-');
    const cards = new SocialCards(root, contentDir, { cacheDir, render: counting().render });
    cards.plan([route('/', 'Home')], { en: site }, nowhere);
    await cards.files();
    const day = 86_400_000;
    const started = Date.now();
    const first = await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, started);
    expect(first.removed).toBe(0);
    const ledger = join(cacheDir, 'sweep.json');
    expect(JSON.parse(readFileSync(ledger, 'utf8'))).toMatchObject({ count: 1 });
    // A card unused for 31 days appears (another checkout's, say): the next build does not look.
    const stale = join(cacheDir, `${'d'.repeat(64)}.bin`);
    writeFileSync(stale, Buffer.alloc(1000));
    utimesSync(stale, new Date(started - 31 * day), new Date(started - 31 * day));
    expect((await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, started)).removed).toBe(0);
    expect(existsSync(stale)).toBe(true);
    // Near the size limit it looks, whatever the ledger's age.
    const bytes = statSync(join(cacheDir, readdirSync(cacheDir).find((n) => n.endsWith('.bin') && !n.startsWith('d'))!)).size;
    expect((await cards.sweep({ maxBytes: bytes * 2, maxAgeDays: 30 }, started)).removed).toBe(1);
    expect(existsSync(stale)).toBe(false);
    // A ledger a day old, or one that is not the sweep's, is a full look.
    // A ledger that is a FIFO or a link is not read (a plain read of a FIFO would hang the build).
    rmSync(ledger);
    spawnSync('mkfifo', [ledger]);
    writeFileSync(stale, Buffer.alloc(1000));
    utimesSync(stale, new Date(started - 31 * day), new Date(started - 31 * day));
    expect((await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, started)).removed).toBe(1);
    rmSync(ledger, { force: true });
    symlinkSync(join(cacheDir, 'elsewhere.json'), ledger);
    writeFileSync(join(cacheDir, 'elsewhere.json'), JSON.stringify({ at: started, count: 1, bytes: 1 }));
    writeFileSync(stale, Buffer.alloc(1000));
    utimesSync(stale, new Date(started - 31 * day), new Date(started - 31 * day));
    expect((await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, started)).removed).toBe(1);
    rmSync(ledger, { force: true });
    for (const damaged of [JSON.stringify({ at: started - day - 1, count: 1, bytes: 1 }), '{"at": "now"}', 'not json']) {
      writeFileSync(stale, Buffer.alloc(1000));
      utimesSync(stale, new Date(started - 31 * day), new Date(started - 31 * day));
      writeFileSync(ledger, damaged);
      expect((await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, started)).removed).toBe(1);
      expect(existsSync(stale)).toBe(false);
    }
  });

  test('a build that drew no card does not list the folder within a day of a full look that found it well under the limit; one that drew a card does', async () => {
    const cacheDir = temp('cards-cache-');
    const build = async (limits = { maxBytes: 1e9, maxAgeDays: 30 }) => {
      const cards = streaming(cacheDir);
      await cards.each(() => undefined);
      return { cards, result: await cards.sweep(limits, Date.now()) };
    };
    const first = await build();
    expect(first.cards.stats.rendered).toBe(2);
    const day = 86_400_000;
    const stale = join(cacheDir, `${'e'.repeat(64)}.bin`);
    const abandoned = join(cacheDir, cardRecordName(join(contentDir, 'gone')));
    const plant = () => {
      writeFileSync(stale, Buffer.alloc(1000));
      writeFileSync(abandoned, '{}');
      for (const file of [stale, abandoned]) utimesSync(file, new Date(Date.now() - 31 * day), new Date(Date.now() - 31 * day));
    };
    plant();
    // Nothing drawn, ledger fresh and far under the limit: neither the stale card nor the old record is seen.
    const quiet = await build();
    expect(quiet.cards.stats.rendered).toBe(0);
    expect(quiet.result.removed).toBe(0);
    expect([stale, abandoned].map((f) => existsSync(f))).toEqual([true, true]);
    // Near the limit by the ledger's own bytes: listed and looked at.
    const ledger = JSON.parse(readFileSync(join(cacheDir, 'sweep.json'), 'utf8')) as { bytes: number };
    expect((await build({ maxBytes: ledger.bytes, maxAgeDays: 30 })).result.removed).toBe(1);
    expect([stale, abandoned].map((f) => existsSync(f))).toEqual([false, false]);
    // A day-old ledger: listed and looked at.
    plant();
    writeFileSync(join(cacheDir, 'sweep.json'), JSON.stringify({ at: Date.now() - day - 1, count: 2, bytes: ledger.bytes }));
    expect((await build()).result.removed).toBe(1);
    expect([stale, abandoned].map((f) => existsSync(f))).toEqual([false, false]);
    // A card drawn (one removed from the folder): listed; the old record goes.
    plant();
    rmSync(join(cacheDir, readdirSync(cacheDir).find((n) => n.endsWith('.bin') && !n.startsWith('e'))!));
    const drew = await build();
    expect(drew.cards.stats.rendered).toBe(1);
    expect(existsSync(abandoned)).toBe(false);
  });

  /** Cards for two pages as `site build` plans them (streamed by `each`, nothing kept). */
  const streaming = (cacheDir: string) => {
    const cards = new SocialCards(root, contentDir, { cacheDir, render: counting().render });
    cards.retain = false;
    cards.plan([route('/', 'Home'), route('/faqs', 'FAQs')], { en: site }, nowhere);
    return cards;
  };

  test('site build marks a card used only when its mark is a day old: one marked today keeps its mtime (and so does the dist/ file linked to it)', async () => {
    const cacheDir = temp('cards-cache-');
    const build = async () => {
      const cards = streaming(cacheDir);
      await cards.each(() => undefined);
      await cards.sweep({ maxBytes: 1e9, maxAgeDays: 30 }, Date.now());
    };
    await build();
    const [today, old] = readdirSync(cacheDir).filter((n) => n.endsWith('.bin')).map((n) => join(cacheDir, n));
    const hourAgo = new Date(Date.now() - 3_600_000);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(today!, hourAgo, hourAgo);
    utimesSync(old!, twoDaysAgo, twoDaysAgo);
    await build();
    expect(statSync(today!).mtimeMs).toBe(hourAgo.getTime());
    expect(statSync(old!).mtimeMs).toBeGreaterThan(Date.now() - 60_000);
  });

  test('a card read once is taken from its record (size, mtime, device, inode, SHA-256) while its file is unchanged, and read again when it changed or the record is damaged', async () => {
    const cacheDir = temp('cards-cache-');
    const streamed = async () => {
      const cards = streaming(cacheDir);
      const got = new Map<string, { sha256: string; bytes: Buffer | (() => Promise<Buffer>) }>();
      await cards.each((file, card) => void got.set(file, card));
      return { got, stats: cards.stats };
    };
    const first = await streamed();
    expect(first.stats.verifiedByStat).toBe(0);
    for (const card of first.got.values()) expect(sha256(await bytesOf(card))).toBe(card.sha256);
    const second = await streamed();
    expect(second.stats.verifiedByStat).toBe(2);
    for (const [file, card] of second.got) {
      expect(card.sha256).toBe(first.got.get(file)!.sha256);
      // Read only where a link cannot be kept, and then the very bytes.
      expect(typeof card.bytes).toBe('function');
      expect((await (card.bytes as () => Promise<Buffer>)()).equals(await bytesOf(first.got.get(file)!))).toBe(true);
    }
    const [a, b] = readdirSync(cacheDir).filter((n) => n.endsWith('.bin')).map((n) => join(cacheDir, n));
    // One card replaced by another file (a new inode), one edited in place (a new mtime).
    const other = readFileSync(b!);
    writeFileSync(`${a}.new`, other);
    renameSync(`${a}.new`, a!);
    const edited = readFileSync(b!);
    writeFileSync(b!, edited);
    utimesSync(b!, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
    const third = await streamed();
    expect(third.stats.verifiedByStat).toBe(0);
    expect([...third.got.values()].map((c) => c.sha256)).toEqual(await Promise.all([...third.got.values()].map(async (c) => sha256(await bytesOf(c)))));
    // The file changed between the record and the read a failed link needs: refused, never other bytes.
    const fourth = await streamed();
    expect(fourth.stats.verifiedByStat).toBe(2);
    writeFileSync(a!, Buffer.concat([readFileSync(a!), Buffer.from('x')]));
    const lazy = [...fourth.got.values()].map((c) => c.bytes as () => Promise<Buffer>);
    const outcomes = await Promise.allSettled(lazy.map((read) => read()));
    expect(outcomes.filter((o) => o.status === 'rejected').map((o) => String((o as PromiseRejectedResult).reason))).toEqual([expect.stringMatching(/changed while the build was using it/)]);
    // A damaged record: every card is read.
    writeFileSync(join(cacheDir, cardRecordName(contentDir)), '{"format": 1, "cards": {"nope": [1]}}');
    expect((await streamed()).stats.verifiedByStat).toBe(0);
  });

  test('cards the record does not vouch for are read and checked, no bytes kept; a truncated card, a FIFO and a link are drawn again here', async () => {
    const cacheDir = temp('cards-cache-');
    const paths = ['/', '/faqs', '/careers', '/contact-us', '/partnership'];
    const streamed = async () => {
      const drawn = counting();
      const cards = new SocialCards(root, contentDir, { cacheDir, render: drawn.render });
      cards.retain = false;
      cards.plan(paths.map((p) => route(p, `Page ${p}`)), { en: site }, nowhere);
      const got = new Map<string, { sha256: string; bytes: Buffer | (() => Promise<Buffer>) }>();
      await cards.each((file, card) => void got.set(file, card));
      return { got, made: drawn.made, stats: cards.stats };
    };
    // Drawn here: what every later build must hand on.
    const first = await streamed();
    expect(first.made).toHaveLength(5);
    const expected = new Map(await Promise.all([...first.got].map(async ([file, card]) => [file, await bytesOf(card)] as const)));
    // As on a CI runner whose restored record is another machine's: no record at all.
    rmSync(join(cacheDir, cardRecordName(contentDir)));
    const [truncated, fifo, linked] = readdirSync(cacheDir).filter((n) => n.endsWith('.bin')).sort().map((n) => join(cacheDir, n));
    writeFileSync(truncated!, readFileSync(truncated!).subarray(0, 40));
    rmSync(fifo!);
    spawnSync('mkfifo', [fifo!]);
    renameSync(linked!, `${linked}.real`);
    symlinkSync(`${linked}.real`, linked!);
    const checked = await streamed();
    // The FIFO is drawn again as the cards are planned (it is not a file); the truncated card and
    // the link as they are handed on. The two intact cards and the new one are checked there.
    expect(checked.made).toHaveLength(3);
    expect(checked.stats).toMatchObject({ checked: 3, verifiedByStat: 0 });
    for (const [file, card] of checked.got) {
      const bytes = Buffer.isBuffer(card.bytes) ? card.bytes : await card.bytes();
      expect(bytes.equals(expected.get(file)!), file).toBe(true);
      expect(card.sha256).toBe(sha256(bytes));
    }
    // Those three were handed on as files to link, their bytes read only on demand.
    expect([...checked.got.values()].filter((card) => typeof card.bytes === 'function')).toHaveLength(3);
    // What was checked is in the record: the next build reads none of the five.
    expect((await streamed()).stats).toMatchObject({ verifiedByStat: 5, checked: 0, rendered: 0 });
  });

  test('with SITE_CACHE_SECRET, a card the record does not vouch for is used only if signed sums name its SHA-256; any other is drawn again', async () => {
    const cacheDir = temp('cards-cache-');
    const paths = ['/', '/faqs', '/careers'];
    const streamed = async (secret?: string) => {
      const drawn = counting();
      const cards = new SocialCards(root, contentDir, { cacheDir, render: drawn.render, secret });
      cards.retain = false;
      cards.plan(paths.map((p) => route(p, `Page ${p}`)), { en: site }, nowhere);
      const got = new Map<string, Buffer>();
      await cards.each(async (file, card) => void got.set(file, typeof card.bytes === 'function' ? await card.bytes() : card.bytes));
      return { got, stats: cards.stats, drawn: drawn.made.length };
    };
    const forget = () => rmSync(join(cacheDir, cardRecordName(contentDir)), { force: true });
    const sumsFile = sumsPath(cacheDir, cardRecordName(contentDir));
    // Drawn without the secret: no sums are written (anyone could write a plain SHA-256's).
    const real = await streamed();
    expect(real.drawn).toBe(3);
    forget();
    // As on CI's first build with the secret: every card is drawn again, and the sums are signed.
    const signing = await streamed('s3cret');
    expect(signing.drawn).toBe(3);
    expect(readSums(sumsFile).size).toBe(0);
    expect(readSums(sumsFile, 's3cret').size).toBe(3);
    expect(signing.got).toEqual(real.got);
    forget();
    // The next such build (another runner: no record) takes every card by its signed sum.
    const next = await streamed('s3cret');
    expect(next.drawn).toBe(0);
    expect(next.got).toEqual(real.got);
    // A stranger swaps a card for another whole image and writes sums to match, without the secret.
    const [file] = [...real.got.keys()];
    const name = readdirSync(cacheDir).find((n) => n.endsWith('.bin') && readFileSync(join(cacheDir, n)).equals(real.got.get(file!)!))!;
    writeFileSync(join(cacheDir, name), tinyPng);
    writeSums(sumsFile, [...readSums(sumsFile, 's3cret')].map(([k, sum]) => [k, `${k}.bin` === name ? [tinyPng.length, sha256(tinyPng)] : sum]));
    forget();
    const forged = await streamed('s3cret');
    expect(forged.drawn).toBe(3);
    expect(forged.got.get(file!)!.equals(real.got.get(file!)!)).toBe(true);
    expect(forged.got).toEqual(real.got);
    // The same swap under the signed sums the last build wrote: that one card is drawn again.
    writeFileSync(join(cacheDir, name), tinyPng);
    forget();
    const swapped = await streamed('s3cret');
    expect(swapped.drawn).toBe(1);
    expect(swapped.got).toEqual(real.got);
    // Without the secret, such a card is whole and is taken: the secret is what makes the difference.
    writeFileSync(join(cacheDir, name), tinyPng);
    forget();
    expect((await streamed()).got.get(file!)!.equals(tinyPng)).toBe(true);
  });

  test('the preview does not read a cached card that is a FIFO or a link: it draws the card again', async () => {
    const cacheDir = temp('cards-cache-');
    const first = new SocialCards(root, contentDir, { cacheDir, render: counting().render });
    first.plan([route('/', 'Home'), route('/faqs', 'FAQs')], { en: site }, nowhere);
    const expected = await first.files();
    const [fifo, linked] = readdirSync(cacheDir).filter((n) => n.endsWith('.bin')).map((n) => join(cacheDir, n));
    rmSync(fifo!);
    spawnSync('mkfifo', [fifo!]);
    renameSync(linked!, `${linked}.real`);
    symlinkSync(`${linked}.real`, linked!);
    const drawn = counting();
    const again = new SocialCards(root, contentDir, { cacheDir, render: drawn.render });
    again.plan([route('/', 'Home'), route('/faqs', 'FAQs')], { en: site }, nowhere);
    const files = await again.files();
    expect(drawn.made).toHaveLength(2);
    for (const [file, bytes] of expected) expect(files.get(file)!.equals(bytes)).toBe(true);
  });

  test('an edit renders only the card whose inputs changed (the preview), under a new name', async () => {
    const { made, render } = counting();
    const cards = new SocialCards(root, contentDir, { cacheDir: temp('cards-cache-'), render });
    const before = [route('/', 'Home'), route('/faqs', 'FAQs', { section: 'Resources' })];
    cards.plan(before, { en: site }, nowhere);
    await cards.files();
    const after = [route('/', 'Home'), route('/faqs', 'Questions', { section: 'Resources' })];
    cards.plan(after, { en: site }, nowhere);
    const files = await cards.files();
    // The first plan's two cards are drawn a few at a time (in either order); the edit draws one more.
    expect(made.slice(0, 2).sort()).toEqual(['FAQs', 'Home']);
    expect(made.slice(2)).toEqual(['Questions']);
    expect(cards.stats.reused).toBe(1);
    expect(after[1]!.card!.src).not.toBe(before[1]!.card!.src);
    expect(readPngText(files.get(after[1]!.card!.src.slice(1))!).get('Title')).toBe('Questions');
  });

  test('the preview plans in place: a route kept as the same object keeps its card; a changed, new or removed route is all that changes', async () => {
    const { made, render } = counting();
    const cards = new SocialCards(root, contentDir, { cacheDir: temp('cards-cache-'), render });
    const home = route('/', 'Home');
    const faqs = route('/faqs', 'FAQs');
    const career = route('/career', 'Career');
    cards.plan([home, faqs, career], { en: site }, nowhere);
    await cards.files();
    const homeCard = home.card;
    // The same objects for home and career (routes.ts keeps unchanged routes), a new one for /faqs, /career gone, /partnership new.
    const renamed = route('/faqs', 'Questions');
    const partner = route('/partnership', 'Partners');
    cards.plan([home, renamed, partner], { en: site }, nowhere);
    const { made: drawn, removed } = await cards.edited();
    // Cards are drawn a few at a time: which ones, not in what order.
    expect([...made].sort()).toEqual(['Career', 'FAQs', 'Home', 'Partners', 'Questions']);
    expect(home.card).toBe(homeCard);
    expect([...drawn.keys()].sort()).toEqual([renamed.card!.src.slice(1), partner.card!.src.slice(1)].sort());
    expect(removed.sort()).toEqual([faqs.card!.src.slice(1), career.card!.src.slice(1)].sort());
    // What the plan holds is what a plan from nothing gives.
    const files = await cards.files();
    const fresh = new SocialCards(root, contentDir, { cacheDir: temp('cards-cache-'), render: counting().render });
    fresh.plan([route('/', 'Home'), route('/faqs', 'Questions'), route('/partnership', 'Partners')], { en: site }, nowhere);
    const expected = await fresh.files();
    expect([...files.keys()].sort()).toEqual([...expected.keys()].sort());
    for (const [file, bytes] of expected) expect(files.get(file)!.equals(bytes)).toBe(true);
    // Nothing changed: nothing is drawn, made or dropped.
    cards.plan([home, renamed, partner], { en: site }, nowhere);
    expect(await cards.edited()).toEqual({ made: new Map(), removed: [] });
    // The same routes in another order (a post moved by its date), with one more in front and one
    // fewer: only the new card is drawn and only the dropped route's card goes.
    const leadership = route('/leadership', 'Leadership');
    cards.plan([leadership, partner, home], { en: site }, nowhere);
    const reordered = await cards.edited();
    expect([...reordered.made.keys()]).toEqual([leadership.card!.src.slice(1)]);
    expect(reordered.removed).toEqual([renamed.card!.src.slice(1)]);
    expect(home.card).toBe(homeCard);
    // The caller's array changed after the plan (a route put in place of another): the next plan
    // still compares with what the last one saw (the route that left the plan above is new again).
    const table = [leadership, partner, home];
    cards.plan(table, { en: site }, nowhere);
    await cards.edited();
    table[1] = renamed;
    cards.plan(table, { en: site }, nowhere);
    const swapped = await cards.edited();
    expect([...swapped.made.keys()]).toEqual([renamed.card!.src.slice(1)]);
    expect(swapped.removed).toEqual([partner.card!.src.slice(1)]);
    expect([...(await cards.files()).keys()].sort()).toEqual([leadership, renamed, home].map((r) => r.card!.src.slice(1)).sort());
  });

  test('a damaged cache entry is drawn again, not served', async () => {
    const cacheDir = temp('cards-cache-');
    const first = counting();
    const a = new SocialCards(root, contentDir, { cacheDir, render: first.render });
    a.plan([route('/', 'Home')], { en: site }, nowhere);
    await a.files();
    const [entry] = readdirSync(cacheDir);
    writeFileSync(join(cacheDir, entry!), readFileSync(join(cacheDir, entry!)).subarray(0, 30));
    const second = counting();
    const b = new SocialCards(root, contentDir, { cacheDir, render: second.render });
    b.plan([route('/', 'Home')], { en: site }, nowhere);
    const files = await b.files();
    expect(second.made).toEqual(['Home']);
    expect(readPngText([...files.values()][0]!).get('Title')).toBe('Home');
  });

  test("a page's own picture replaces its card: cropped to 1200×630, JPEG stays JPEG, no EXIF/GPS kept", async () => {
    const content = temp('cards-content-');
    mkdirSync(join(content, 'images/blog'), { recursive: true });
    const photo = await sharp({ create: { width: 1600, height: 1600, channels: 3, background: '#336699' } })
      .withExif({ IFD0: { Artist: 'Someone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '43/1 38/1 0/1' } }).jpeg().toBuffer();
    writeFileSync(join(content, 'images/blog/yard.jpg'), photo);
    writeFileSync(join(content, 'images/blog/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="300" height="200" fill="#12a574"/></svg>');
    const { render } = counting();
    const cards = new SocialCards(root, content, { cacheDir: temp('cards-cache-'), render });
    const routes = [
      route('/blog-details/9', 'Yard', { socialImage: { image: 'images/blog/yard.jpg', alt: 'A snowy truck yard' } }),
      route('/faqs', 'FAQs', { socialImage: { image: 'images/blog/diagram.svg', alt: 'A diagram' } }),
    ];
    cards.plan(routes, { en: site }, nowhere);
    const files = await cards.files();
    expect(routes[0]!.card).toMatchObject({ type: 'image/jpeg', width: 1200, height: 630, alt: 'A snowy truck yard' });
    expect(routes[0]!.card!.src).toMatch(/\.jpg$/);
    const jpeg = await sharp(files.get(routes[0]!.card!.src.slice(1))!).metadata();
    expect(jpeg).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    expect(jpeg.exif).toBeUndefined();
    const png = await sharp(files.get(routes[1]!.card!.src.slice(1))!).metadata();
    expect(png).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  test('a picture that does not decode is a located content problem', async () => {
    const content = temp('cards-content-');
    mkdirSync(join(content, 'images'), { recursive: true });
    writeFileSync(join(content, 'images/broken.png'), 'not a png at all');
    const cards = new SocialCards(root, content, { cacheDir: temp('cards-cache-') });
    cards.plan([route('/faqs', 'FAQs', { socialImage: { image: 'images/broken.png', alt: 'x' } })], { en: site }, () => ({ file: 'content/pages/faqs.yaml', line: 4, column: 10 }));
    const error = await cards.files().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems[0]).toMatchObject({ code: 'image-corrupt', file: 'content/pages/faqs.yaml', line: 4, column: 10, path: 'socialImage.image' });
  });

  test('a picture of more than 268 million pixels is a located problem asking to resize it, not a damaged file', async () => {
    const content = temp('cards-content-');
    mkdirSync(join(content, 'images'), { recursive: true });
    await sharp({ create: { width: 20_000, height: 20_000, channels: 3, background: '#336699' }, limitInputPixels: false }).png({ compressionLevel: 9 }).toFile(join(content, 'images/pano.png'));
    const cards = new SocialCards(root, content, { cacheDir: temp('cards-cache-') });
    cards.plan([route('/faqs', 'FAQs', { socialImage: { image: 'images/pano.png', alt: 'x' } })], { en: site }, () => ({ file: 'content/pages/faqs.yaml', line: 4, column: 10 }));
    const error = await cards.files().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems[0]).toMatchObject({ code: 'image-too-many-pixels', file: 'content/pages/faqs.yaml', line: 4, column: 10, path: 'socialImage.image' });
  }, 60_000);

  test('card file names: readable per route, one per language', () => {
    expect(['/', '/fr', '/solutions/adas', '/fr/blog-details/3', '/Thanks', '/404'].map(slugOf)).toEqual(['home', 'fr-home', 'solutions-adas', 'fr-blog-details-3', 'thanks', '404']);
  });
});

test('the card limiter runs at most n jobs at once, in the order they came, however many wait', async () => {
  const limit = limiter(3);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const jobs = Array.from({ length: 50_000 }, (_, i) => limit(async () => {
    running++;
    most = Math.max(most, running);
    order.push(i);
    await (i % 7 === 0 ? new Promise((resolve) => setImmediate(resolve)) : undefined);
    running--;
    return i;
  }));
  expect(await Promise.all(jobs)).toEqual(Array.from({ length: 50_000 }, (_, i) => i));
  expect(most).toBe(3);
  expect(order).toEqual(Array.from({ length: 50_000 }, (_, i) => i));
  // Drained and used again.
  expect(await Promise.all([limit(async () => 'a'), limit(async () => 'b')])).toEqual(['a', 'b']);
});
