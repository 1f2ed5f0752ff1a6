// Social cards: every route gets the 1200×630 picture its link shows when shared
// (og:image, twitter:image), rendered from the SVG template in generator/assets/images/social-card.ts,
// or the page's own `socialImage` cropped to that size.
//
// A card's file name carries a hash of everything that shapes it (title, section, language,
// host, template version, sharp's version, the font's, logo's and mark's bytes, the colours),
// so pages can name their card before it is drawn, and cards render while pages do. The name
// changes whenever the picture does: networks cache an og:image by URL for weeks, so a stable
// per-route URL would keep showing the old title after an edit. Cards are kept in
// `.site/cache/cards/<key>.bin` (card-files.ts): a second build reads them and renders none; the preview also
// keeps them in memory and renders only the cards whose inputs changed.
import { readFileSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { hash, sha256 } from '../hash.ts';
import { readSums, sameSum, sumsPath, writeSums, type CardSum } from '../speed/card-sums.ts';
import { problem, type Place } from '../problems/errors.ts';
import { ContentError } from '../problems/problems.ts';
import { readUnder, under } from '../content/paths.ts';
import { cardRecordName, limiter, lstatQuiet, readCard, readExpected, sweepCards, writeAtomic, type SweepLimits, type SweepResult } from './card-files.ts';
import { locales, type Locale } from '../content/locales.ts';
import type { Route, SocialCard } from '../render/routes.ts';

export type { SocialCard };
import type { Site } from '../content/model.ts';
import { CARD_HEIGHT, CARD_TEMPLATE_VERSION, CARD_WIDTH, cardSvg, type CardFont } from './images/social-card.ts';
import { isWholeImage } from './images/png-text.ts';
import type { Linkable, ReadBytes } from '../speed/signed-files.ts';
import { readRecords, vouches, writeRecords, type FileRecord } from '../speed/file-records.ts';
import { checkCard } from '../speed/card-reader.ts';
import { sharpVersions } from './images/sharp.ts';
import { loadCardFont, renderCard, tokenColours, TOKENS, type CardJob, type CardRenderer } from './card-draw.ts';

/** The font every card is drawn with: the one the site ships (styles/_tokens.scss @font-face). */
export const CARD_FONT = 'styles/fonts/inter-latin-var.woff2';

export interface CardOptions {
  /** Folder of the persistent cache (.site/cache/cards). */
  cacheDir: string;
  /** Cards drawn at once; default the machine's cores. */
  concurrency?: number;
  render?: CardRenderer;
  /**
   * SITE_CACHE_SECRET (`site build`): the sums are signed with it, and a card this machine's
   * record does not vouch for is used only if signed sums name its SHA-256 (card-sums.ts);
   * any other is drawn again. The preview (`files()`, an author's own folder) does not ask.
   */
  secret?: string;
}

/** The build's card stage: plans a card per route, then makes (or reads) the ones it needs. */
export class SocialCards {
  /** Cards made by sharp, read from the disk cache, and reused from memory (preview), in this instance. */
  readonly stats = { rendered: 0, fromDisk: 0, reused: 0, verifiedByStat: 0, checked: 0 };
  private readonly memory = new Map<string, Promise<Buffer>>();
  /** When each card file seen by this build was last marked used (its mtime then), by key. */
  private readonly marked = new Map<string, number>();
  /** The size of each card `each` handed on, by key: the sweep need not lstat this build's own cards. */
  private readonly sizes = new Map<string, number>();
  /** The cards this build drew into the cache folder (`ensure`): with a secret, `each` takes them without a signed sum. */
  private readonly drawn = new Set<string>();
  private planned = new Map<string, Planned>();
  /** The last plan's template cards by route path, with what their keys were made of (kept only where `retain`: the preview). */
  private lastTemplateCards = new Map<string, TemplateCard>();
  /**
   * Whether plan() reads each card into memory (the preview, files()) or only makes sure it is in
   * the cache folder, for `each` to read, hand on and drop one at a time (`site build`: a big
   * site's cards are too many bytes to hold until the build's end).
   */
  retain = true;
  private font: Promise<CardFont> | undefined;
  private fontBytes: Buffer | undefined;
  private readonly limit: <T>(job: () => Promise<T>) => Promise<T>;
  private readonly render: CardRenderer;

  /** The cache folder as join() writes it (a card's file is under() it). */
  private readonly cacheDir: string;

  constructor(private readonly root: string, private readonly contentDir: string, private readonly options: CardOptions) {
    this.cacheDir = join(options.cacheDir);
    this.limit = limiter(options.concurrency ?? availableParallelism());
    this.render = options.render ?? renderCard;
  }

  /**
   * Gives every route its `card` and starts making the cards not made yet (in the background,
   * a few at a time). `locate` says where a route's `socialImage` is written, for problems.
   */
  plan(routes: Route[], sites: Partial<Record<string, Site>>, locate: (route: Route) => Place): void {
    this.verifiedAtPlan = undefined;
    this.drawn.clear();
    const fontBytes = readFileSync(join(this.root, CARD_FONT));
    if (!this.fontBytes?.equals(fontBytes)) this.font = undefined;
    this.fontBytes = fontBytes;
    const colours = tokenColours(readFileSync(join(this.root, TOKENS), 'utf8'));
    const { sharp: sharpVersion, vips } = sharpVersions();
    const renderer = `sharp ${sharpVersion} vips ${vips}`;
    const brand = new Map<string, Buffer>();
    const contentFile = (path: string) => brand.get(path) ?? brand.set(path, readUnder(this.contentDir, path)).get(path)!;
    // The font, logo and mark are in every template card's key: hashed once, not once a route.
    const digests = new Map<Buffer, string>();
    const digestOf = (bytes: Buffer) => digests.get(bytes) ?? digests.set(bytes, sha256(bytes)).get(bytes)!;
    const hosts = new Map<Site, string>();
    // The preview plans every card on every edit: a template card whose route has the title,
    // section and language of the last plan, with the same template inputs (renderer, colours,
    // font, the site's host, logo and mark), keeps that plan's key and file name (a JSON text
    // and two SHA-256s a route). A build plans once and keeps nothing.
    const templateInputs = new Map<Site, string>();
    const sameTemplate = (site: Site, host: string) => {
      let text = templateInputs.get(site);
      if (text === undefined) templateInputs.set(site, (text = JSON.stringify([CARD_TEMPLATE_VERSION, renderer, colours, host, digestOf(fontBytes), digestOf(contentFile(site.config.logoWhite)), digestOf(contentFile(site.config.mark))])));
      return text;
    };
    // The preview, when no template input changed since the last plan: a route that is the very
    // object the last plan saw (routes.ts keeps unchanged routes) has the same card, and the plan
    // is changed in place for the others: planning every route again is mostly looking up what
    // the last plan had.
    const hostOf = (site: Site) => {
      let host = hosts.get(site);
      if (host === undefined) hosts.set(site, (host = new URL(site.config.url).host));
      return host;
    };
    // Each language's template inputs, made when a route of it needs a template card.
    const templates = new Map<Locale, string>();
    const templateOf = (locale: Locale) => {
      let text = templates.get(locale);
      if (text === undefined) templates.set(locale, (text = sameTemplate(sites[locale]!, hostOf(sites[locale]!))));
      return text;
    };
    const last = this.lastRoutes;
    const inPlace = this.retain && !!last && [...last.templates].every(([locale, text]) => !!sites[locale] && templateOf(locale) === text);
    const planned = inPlace ? this.planned : new Map<string, Planned>();
    const remembered = inPlace ? this.lastTemplateCards : new Map<string, TemplateCard>();
    const previous = this.planned;
    let reused = 0;
    // Files planned anew (not the last plan's entries), for edited(); and the files and paths this plan set.
    const fresh: string[] = [];
    const setFiles = new Set<string>();
    const setPaths = new Set<string>();
    // A route the preview kept (routes.ts) may have this very card already: it is set only when it differs.
    const setCard = (route: Route, file: string, type: SocialCard['type'], alt: string | undefined) => {
      const card = route.card;
      if (card && card.src.length === file.length + 1 && card.src.endsWith(file) && card.type === type && card.alt === alt && card.width === CARD_WIDTH && card.height === CARD_HEIGHT) return;
      route.card = { src: `/${file}`, width: CARD_WIDTH, height: CARD_HEIGHT, type, alt };
    };
    // The last plan's routes against this one's, position by position: an edit keeps nearly
    // every route at its place, so only the routes at a place that changed are looked up (in a
    // set of those), not every route in a set of all of them.
    const lastList = inPlace ? last.routes : [];
    const out: Route[] = [];
    const incoming: Route[] = [];
    for (let i = 0; i < Math.max(routes.length, lastList.length); i++) {
      const route = routes[i];
      const was = lastList[i];
      if (route === was) continue;
      if (was) out.push(was);
      if (route) incoming.push(route);
    }
    const moved = new Set(out);
    for (let i = 0; i < routes.length; i++) {
      const route = routes[i]!;
      const site = sites[route.locale]!;
      const own = route.socialImage;
      // (A page's own picture is planned again: a problem with it is located in the page's file as it is now.)
      if (inPlace && !own && (lastList[i] === route || moved.has(route))) {
        this.stats.reused++;
        reused++;
        continue;
      }
      setPaths.add(route.path);
      let key: string;
      let file: string;
      let job: () => CardJob;
      let type: SocialCard['type'] = 'image/png';
      if (own) {
        const source = contentFile(own.image);
        const isSvg = own.image.endsWith('.svg');
        const format = /\.jpe?g$/i.test(own.image) ? 'jpeg' : 'png';
        type = `image/${format}`;
        key = sha256(Buffer.from(JSON.stringify(['image', CARD_TEMPLATE_VERSION, renderer, sha256(source), format, isSvg])));
        job = () => ({ kind: 'image', source, format, svg: isSvg });
        file = `assets/cards/${slugOf(route.path)}-${hash(key)}.${format === 'jpeg' ? 'jpg' : 'png'}`;
      } else {
        const { config } = site;
        const host = hostOf(site);
        const lang = locales[route.locale].tag;
        const template = this.retain ? templateOf(route.locale) : '';
        // The preview: the last plan's card for this route, when its inputs are the same, is that
        // plan's entry (its key, file, promise and job), not two new promises a route on every edit.
        const lastCard = this.lastTemplateCards.get(route.path);
        if (lastCard && lastCard.title === route.title && lastCard.section === route.section && lastCard.lang === lang && lastCard.template === template) {
          const kept = (inPlace ? planned : previous).get(lastCard.file);
          if (kept?.key === lastCard.key) {
            this.stats.reused++;
            reused++;
            remembered.set(route.path, lastCard);
            planned.set(lastCard.file, kept);
            setFiles.add(lastCard.file);
            setCard(route, lastCard.file, type, undefined);
            continue;
          }
        }
        const input = { title: route.title, section: route.section, host, lang, colours };
        const logo = contentFile(config.logoWhite);
        const mark = contentFile(config.mark);
        key = sha256(Buffer.from(JSON.stringify(['template', CARD_TEMPLATE_VERSION, renderer, input, digestOf(fontBytes), digestOf(logo), digestOf(mark)])));
        job = () => ({ kind: 'template', title: input.title, lang: input.lang, svg: async () => cardSvg({ ...input, logo, mark }, await this.loadFont()) });
        file = `assets/cards/${slugOf(route.path)}-${hash(key)}.png`;
        if (this.retain) remembered.set(route.path, { title: input.title, section: input.section, lang: input.lang, template, key, file });
      }
      setCard(route, file, type, own?.alt);
      const made = this.retain ? this.make(key, job) : this.ensure(key, job);
      // A card the record vouches for has nothing to wait for (ensure): the one settled promise.
      const bytes = made === SETTLED ? made : made.catch((error: unknown) => {
        if (!own || error instanceof ContentError) throw error;
        const at = { ...locate(route), path: 'socialImage.image' };
        const detail = error instanceof Error ? error.message : String(error);
        // As a page's photo (images/problems.ts encodeProblem): too many pixels is a size to change, not damage.
        throw new ContentError([/exceeds pixel limit/i.test(detail) ? problem('image-too-many-pixels', at, { value: own.image }) : problem('image-corrupt', at, { value: own.image, detail })]);
      });
      // Rejections are read by files(); until then they must not count as unhandled.
      if (bytes !== SETTLED) bytes.catch(() => {});
      planned.set(file, { key, job, bytes });
      setFiles.add(file);
      fresh.push(file);
    }
    let removed: string[];
    if (inPlace) {
      // A route the last plan saw and this one did not: its card goes unless this plan set that
      // file again, and its path's entry unless a route of this plan has the path.
      removed = [];
      const present = new Set(incoming);
      for (const route of out) {
        if (present.has(route)) continue;
        const file = route.card?.src.slice(1);
        if (file && !setFiles.has(file) && planned.delete(file)) removed.push(file);
        if (!setPaths.has(route.path)) remembered.delete(route.path);
      }
    } else {
      // Files the last plan had and this one has not.
      removed = [...previous.keys()].filter((file) => !planned.has(file));
    }
    this.lastChange = { fresh, removed };
    // A copy: a caller's later change to its array must not change what this plan saw.
    this.lastRoutes = this.retain ? { routes: routes.slice(), templates } : undefined;
    this.planned = planned;
    this.lastTemplateCards = remembered;
    // The preview keeps only the cards the site still uses (the same ones when no card was planned anew or dropped).
    if (!fresh.length && !removed.length) return;
    const live = new Set([...planned.values()].map((p) => p.key));
    for (const key of [...this.memory.keys()]) if (!live.has(key)) this.memory.delete(key);
  }

  /** The routes the last plan saw (the preview), with each language's template inputs then. */
  private lastRoutes: { routes: readonly Route[]; templates: Map<Locale, string> } | undefined;

  /** The next plan looks at every route again (a full build). */
  planAll(): void {
    this.lastRoutes = undefined;
  }

  /** Keeps the cache folder bounded (`site build`, once its build is in place): card-files.ts, sweepCards. */
  sweep(limits: SweepLimits, started: number): Promise<SweepResult> {
    const keys = [...this.planned.values()].map((p) => p.key);
    return sweepCards(this.options.cacheDir, { keys, sizes: this.sizes, marked: this.marked, drewAny: this.stats.rendered > 0 }, limits, started);
  }

  /** The planned cards' files (dist-relative path → bytes), once all are made; ContentError on a bad `socialImage`. */
  /** What the last plan() changed: files planned anew, and files no longer planned. */
  private lastChange: { fresh: string[]; removed: string[] } = { fresh: [], removed: [] };

  /**
   * The cards the last plan() made anew, with their bytes, and the files it no longer plans: what
   * a preview edit changes among the cards (the others are the last plan's, and their bytes too).
   */
  async edited(): Promise<{ made: Map<string, Buffer>; removed: string[] }> {
    const { fresh, removed } = this.lastChange;
    const entries = fresh.map((file) => [file, this.planned.get(file)!] as const);
    const results = await settle(entries.map(([, p]) => p.bytes));
    const made = new Map<string, Buffer>();
    entries.forEach(([file, p], i) => made.set(file, (p.made = results[i]!)));
    return { made, removed };
  }

  async files(): Promise<Map<string, Buffer>> {
    // A card an earlier files() gave is taken as it was: the preview asks on every edit, and
    // settling every card's promise again cost more than the edit.
    const entries = [...this.planned].filter(([, p]) => !p.made);
    const results = await settle(entries.map(([, p]) => p.bytes));
    entries.forEach(([, p], i) => (p.made = results[i]));
    const files = new Map<string, Buffer>();
    for (const [file, p] of this.planned) files.set(file, p.made!);
    return files;
  }

  /**
   * After a plan() with `retain` off: once every card is made (ContentError on a bad
   * `socialImage`, as files()), gives each to `sink` with the file it is in (which `site build`
   * links into dist/ rather than writing the bytes again) and its size and SHA-256, a few at a
   * time, waiting when the sink says so; nothing is kept.
   *
   * A card is read (it must be a whole PNG or JPEG, else it is drawn again) and hashed once;
   * the content folder's record (`verified-….json`) then keeps its size, mtime, device, inode and SHA-256, as git's index
   * records what it hashed. While the file is still that one (lstat: a regular file, same five
   * values), the next build takes the record instead of reading the card again; its bytes are
   * read only if the link cannot be kept (`bytes()`), and must then have that SHA-256. The record
   * is input from a stranger like the rest of the folder: it is bound to this boot of this
   * machine, so it vouches only for files this machine saw (generator/speed/file-records.ts).
   */
  async each(sink: (file: string, card: { size: number; sha256: string; bytes: Buffer | ReadBytes }, source: Linkable) => Promise<void> | undefined | void): Promise<void> {
    const entries = [...this.planned];
    await settle(entries.map(([, p]) => p.bytes));
    const ledger = join(this.options.cacheDir, cardRecordName(this.contentDir));
    // The record plan() read (a big site's is megabytes of JSON): read once a build.
    const verified = this.recordAtPlan();
    let changed = false;
    // With a secret, the cards' sums (card-sums.ts) as the last build left them, read only once a
    // card is read (a build whose record vouches for every card has no use for them), and this
    // build's: the cards read, and those the record vouched for, whose sums are kept while they
    // name the recorded size and SHA-256.
    const sumsFile = sumsPath(this.options.cacheDir, cardRecordName(this.contentDir));
    let sums: Map<string, CardSum> | undefined;
    const secret = this.options.secret;
    const loadSums = () => (sums ??= readSums(sumsFile, secret));
    // With a secret, a card read from the folder is this build's own or one signed sums vouch for.
    const signed = (key: string, digest: string) => !secret || this.drawn.has(key) || loadSums().get(key)?.[1] === digest;
    const checkedSums = new Map<string, CardSum>();
    const unread: [string, FileRecord][] = [];
    const keep = (key: string, size: number, digest: string) => void checkedSums.set(key, [size, digest]);
    let next = 0;
    // A card the record vouches for, at `path`: handed on with the record's values.
    const vouched = (file: string, key: string, known: FileRecord, path: string) => {
      this.marked.set(key, known.mtimeMs);
      this.sizes.set(key, known.size);
      this.stats.verifiedByStat++;
      unread.push([key, known]);
      return sink(file, { size: known.size, sha256: known.sha256, bytes: () => readExpected(path, known.sha256) }, { path, identity: { dev: known.dev, ino: known.ino } });
    };
    const reader = async () => {
      while (next < entries.length) {
        const [file, { key, job }] = entries[next++]!;
        const path = under(this.cacheDir, `${key}.bin`);
        // A synchronous lstat: through fs/promises each is a trip to a file thread and back,
        // while the call itself takes microseconds.
        const stats = lstatQuiet(path);
        const known = verified.get(key);
        if (stats?.isFile() && vouches(known, stats)) {
          await vouched(file, key, known, path);
          continue;
        }
        // Cards the record does not vouch for (a first build; CI, whose restored record is another
        // machine's) are read into one buffer used again and checked, no bytes kept: the sink
        // only links them, and reads them again (checked against that SHA-256) where a link
        // cannot be kept.
        const checked = stats?.isFile() ? checkCard(path) : undefined;
        if (checked && signed(key, checked.sha256)) {
          const { sha256: digest, ...seen } = checked;
          if (secret) loadSums();
          keep(key, seen.size, digest);
          this.marked.set(key, seen.mtimeMs);
          this.sizes.set(key, seen.size);
          this.stats.checked++;
          verified.set(key, { ...seen, sha256: digest });
          changed = true;
          await sink(file, { size: seen.size, sha256: digest, bytes: () => readExpected(path, digest) }, { path, identity: { dev: seen.dev, ino: seen.ino } });
          continue;
        }
        // Not a whole card (damaged, or gone since plan() looked), or not signed: read again here.
        let read = await readCard(path);
        let digest = read ? sha256(read.bytes) : '';
        // Damaged, gone since plan() looked, or (with a secret) not vouched for: drawn again.
        if (!read || !isWholeImage(read.bytes) || !signed(key, digest)) {
          const bytes = await this.render(job());
          this.stats.rendered++;
          this.drawn.add(key);
          await writeAtomic(path, bytes);
          read = (await readCard(path)) ?? { bytes, identity: { dev: -1, ino: -1 }, mtimeMs: 0 };
          digest = sha256(read.bytes);
        }
        this.marked.set(key, read.mtimeMs);
        this.sizes.set(key, read.bytes.length);
        if (secret) loadSums();
        keep(key, read.bytes.length, digest);
        if (read.identity.ino !== -1) {
          verified.set(key, { size: read.bytes.length, mtimeMs: read.mtimeMs, dev: read.identity.dev, ino: read.identity.ino, sha256: digest });
          changed = true;
        }
        await sink(file, { size: read.bytes.length, sha256: digest, bytes: read.bytes }, { path, identity: read.identity });
      }
    };
    await Promise.all(Array.from({ length: 4 }, reader));
    if (changed) {
      // This content's cards only: another content folder's are in its own record.
      const keys = new Set(entries.map(([, p]) => p.key));
      writeRecords(ledger, [...verified].filter(([key]) => keys.has(key)));
    }
    if (sums) {
      const last = sums;
      const next = new Map<string, CardSum>();
      for (const [key, known] of unread) {
        const sum = last.get(key);
        if (sum && sum[0] === known.size && sum[1] === known.sha256) next.set(key, sum);
      }
      for (const [key, sum] of checkedSums) next.set(key, sum);
      if (next.size !== last.size || [...next].some(([key, sum]) => !sameSum(sum, last.get(key)))) writeSums(sumsFile, next, secret);
    }
  }

  /**
   * Whether plan() reads this content folder's record of cards (all of a site's) rather than
   * looking at each card's file. An update in place (Builder.partial) plans a few dozen cards:
   * it looks.
   */
  useRecord = true;

  /** This content folder's record as plan() found it: cards recorded there need no look before `each`. */
  private verifiedAtPlan: Map<string, FileRecord> | undefined;

  /** That record, read the first time it is asked for in a build. */
  private recordAtPlan(): Map<string, FileRecord> {
    return (this.verifiedAtPlan ??= readRecords(join(this.options.cacheDir, cardRecordName(this.contentDir))));
  }

  /** Makes sure the card with this key is in the cache folder (drawn now if not), without keeping it. */
  private ensure(key: string, job: () => CardJob): Promise<undefined> {
    // A card the record lists is looked at by `each` anyway (lstat), which draws it if it is
    // gone or damaged: a stat here too would be a second call a card. Whole or not is seen when
    // `each` reads it. Nothing is queued for it either: a job a card (an async function, a
    // closure and a place in the limiter's queue each) would hold memory to the end of the plan.
    if (this.useRecord && this.recordAtPlan().has(key)) {
      this.stats.fromDisk++;
      return SETTLED;
    }
    const path = under(this.cacheDir, `${key}.bin`);
    return this.limit(async () => {
      // Any other card (a first build's, CI's) is looked at here with a synchronous stat:
      // through fs/promises each is a trip to a file thread and back.
      if (statSync(path, { throwIfNoEntry: false })?.isFile()) {
        this.stats.fromDisk++;
        return undefined;
      }
      await writeAtomic(path, await this.render(job()));
      this.stats.rendered++;
      this.drawn.add(key);
      return undefined;
    });
  }

  private loadFont(): Promise<CardFont> {
    return (this.font ??= loadCardFont(this.fontBytes!));
  }

  /** The card with this key: from memory, the disk cache, or made now (and stored). */
  private make(key: string, job: () => CardJob): Promise<Buffer> {
    const known = this.memory.get(key);
    if (known) {
      this.stats.reused++;
      return known;
    }
    const path = under(this.cacheDir, `${key}.bin`);
    const bytes = this.limit(async () => {
      // Through readCard: a regular file reached without a link (a FIFO there would hang a plain read).
      const cached = (await readCard(path))?.bytes;
      if (cached && isWholeImage(cached)) {
        this.stats.fromDisk++;
        return cached;
      }
      const made = await this.render(job());
      this.stats.rendered++;
      await writeAtomic(path, made);
      return made;
    });
    this.memory.set(key, bytes);
    bytes.catch(() => this.memory.delete(key));
    return bytes;
  }
}

interface TemplateCard {
  title: string;
  section: string | undefined;
  lang: string;
  /** The inputs every template card of the site shares (JSON text). */
  template: string;
  key: string;
  file: string;
}

interface Planned {
  key: string;
  job: () => CardJob;
  /** The card's bytes; undefined when plan() only made sure it is in the cache folder (`retain` off). */
  bytes: Promise<Buffer | undefined>;
  /** What `bytes` gave, once files() has had it. */
  made?: Buffer;
}

/** Every card's outcome: ContentError with every bad `socialImage`'s problem, or the first other failure. */
async function settle<T>(cards: Promise<T>[]): Promise<T[]> {
  const results = await Promise.allSettled(cards);
  const problems = results.flatMap((r) => (r.status === 'rejected' && r.reason instanceof ContentError ? r.reason.problems : []));
  if (problems.length) throw new ContentError(problems);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw new Error('a social card could not be made', { cause: failed.reason });
  return results.map((r) => (r as PromiseFulfilledResult<T>).value);
}

/** /fr/solutions/adas → fr-solutions-adas; / → home; /fr → fr-home. */
export function slugOf(path: string): string {
  const slug = path.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return !slug ? 'home' : /^[a-z]{2}$/.test(slug) ? `${slug}-home` : slug;
}

/** What `ensure` gives for a card the record vouches for: nothing to make, nothing to wait for. */
const SETTLED: Promise<undefined> = Promise.resolve(undefined);
