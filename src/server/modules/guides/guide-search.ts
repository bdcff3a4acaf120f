import { randomUUID } from 'node:crypto';
import { TEXT_LANGUAGES, type TextLanguage } from '../../../shared/guide-texts';
import type { SearchFilter } from '../../../shared/guide-search';
import type { GuideSearchQuery } from '../../../shared/schemas/guide-search';
import type { GuideSummary } from '../../../shared/schemas/guides';
import type { DatabaseHandle } from '../../db/client';
import { forgetCatalogue, summaryRowsByIds } from './guide-cards.repository';
import { exceptionsForSearch, heldDaysForSearch, listedForSearch, notifyChannel } from './guide-search.repository';
import { withHeldDays } from './search-held';
import { bioToTranslate, toSummaryVariants } from './guide-cards';
import { responsivenessByGuide } from '../messaging/index';
import { fieldsOf, type Translations } from '../translation/index';
import { ResponsivenessCache } from './responsiveness-cache';
import { SearchIndex } from './search-index';
import type { IndexedException, IndexedGuide } from './search-prices';
import { todayInZone } from '../../../shared/availability';
import { DEFAULT_GUIDE_TIME_ZONE } from '../../../shared/cities';
import { hasOpenDay } from '../../../shared/listing';
import { toMajor, type Currency, type FxRate } from '../../../shared/currency';
import type { CurrentRate } from '../fx/index';

/** The NOTIFY channel the database announces changed guide ids on (migration 0003). */
const CHANNEL = 'guide_search';
/** The prefix of an announcement that a booking or another calendar's busy time of the guides changed. */
const HELD = 'held:';
/** Cards kept built (each in zh, en and ja, sharing their parts), most recently shown first out last. */
const CARD_CACHE_MAX = 5_000;
const SYNC_TIMEOUT_MS = 5_000;

/**
 * Guide search for one server: the in-memory `SearchIndex` plus the cards it returns, both kept in
 * step with PostgreSQL by its notifications (docs/decisions/036). A notification only marks guides
 * as changed; the next search reloads them first (one query), so a search never answers from a
 * state older than the notifications this server has received.
 */
export class GuideSearch {
  private readonly index = new SearchIndex();
  private readonly cards = new Map<number, CachedCard>();
  /** Response figures, fresh within minutes (decision 077): messages do not notify the index. */
  private readonly figures: ResponsivenessCache;
  private pending = new Set<number>();
  private reloadAll = true;
  /** The day (in Japan) the index was last loaded on. */
  private loadedDay = '';
  private refreshing: Promise<void> | null = null;
  /** Bumped by every notification: a card read before a bump may be stale and is not kept. */
  private generation = 0;
  private readonly syncWaiters = new Map<string, () => void>();
  private unlisten?: () => Promise<void>;
  /** The rate the index was last priced at, which the cards' group prices are converted at (decision 176). */
  private fxRate?: FxRate;

  constructor(
    private readonly database: DatabaseHandle,
    /** Machine translation of bios (decision 145); the cards ask the cache once per card and language. */
    private readonly translations?: Pick<Translations, 'read' | 'enabled'>,
    /**
     * The rate prices are compared at across currencies (decision 168): the fx module keeps it a
     * minute, and the index converts its prices again only when it changes.
     */
    private readonly rate?: CurrentRate,
  ) {
    this.figures = new ResponsivenessCache((ids) => responsivenessByGuide(this.database.db, ids));
  }

  async start(): Promise<void> {
    this.unlisten = await this.database.listen(
      CHANNEL,
      (payload) => this.onNotify(payload),
      () => this.onNotify('*'),
    );
    await this.catchUp();
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
  }

  private onNotify(payload: string): void {
    if (payload.startsWith('sync:')) return this.syncWaiters.get(payload)?.();
    // What holds a guide's time changed (migration 0063): her days are read again, her cards stay as they are.
    if (payload.startsWith(HELD)) {
      for (const part of payload.slice(HELD.length).split(',')) this.pending.add(Number(part));
      return;
    }
    this.generation++;
    if (payload === '*') {
      this.reloadAll = true;
      this.cards.clear();
      forgetCatalogue(this.database.db);
      return;
    }
    for (const part of payload.split(',')) {
      const id = Number(part);
      this.pending.add(id);
      this.cards.delete(id);
    }
  }

  /**
   * Resolves once every change committed before the call is searchable here (read-your-writes for
   * a writer, and for tests): a token sent through the same channel arrives after them. The
   * response figures are read afresh too.
   */
  async sync(): Promise<void> {
    const token = `sync:${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(new Error('search index sync timed out')), SYNC_TIMEOUT_MS);
      this.syncWaiters.set(token, resolve);
    });
    arrived.catch(() => {}); // handled below; this only keeps a timeout during the NOTIFY from counting as unhandled
    try {
      await notifyChannel(this.database.db, CHANNEL, token);
      await arrived;
    } finally {
      clearTimeout(timer); // a failed NOTIFY leaves `arrived` pending forever, never rejected
      this.syncWaiters.delete(token);
    }
    this.figures.clear();
    await this.catchUp();
  }

  /** Applies the changes announced so far; concurrent searches share one reload. */
  private async catchUp(): Promise<void> {
    // "An open day within the next 60 days" moves with the calendar: a new day re-decides every guide.
    if (this.loadedDay !== todayInZone(DEFAULT_GUIDE_TIME_ZONE)) this.reloadAll = true;
    // The rate first: a first load then prices every guide once, at it (a change of rate later
    // converts them again, search-prices.ts).
    if (this.rate) this.index.reprice((this.fxRate = await this.rate()).jpyPerCny);
    // A reload already running may have started before the latest notifications: then run one more.
    if (this.refreshing) await this.refreshing;
    if (this.reloadAll || this.pending.size > 0) {
      this.refreshing ??= this.refresh().finally(() => (this.refreshing = null));
      await this.refreshing;
    }
  }

  private async refresh(): Promise<void> {
    const db = this.database.db;
    if (this.reloadAll) {
      this.reloadAll = false;
      this.pending.clear();
      try {
        this.loadedDay = todayInZone(DEFAULT_GUIDE_TIME_ZONE);
        const [candidates, exceptions, held] = await Promise.all([
          listedForSearch(db),
          exceptionsForSearch(db),
          heldDaysForSearch(db),
        ]);
        // Listed by the weekly hours and exceptions alone: a fully booked week is still a guide's open days.
        this.index.load(withOpenDays(candidates, exceptions), withHeldDays(exceptions, held));
      } catch (err) {
        this.reloadAll = true;
        throw err;
      }
      return;
    }
    const ids = [...this.pending];
    this.pending.clear();
    try {
      const [candidates, exceptions, held] = await Promise.all([
        listedForSearch(db, ids),
        exceptionsForSearch(db, ids),
        heldDaysForSearch(db, ids),
      ]);
      this.index.update(ids, withOpenDays(candidates, exceptions), withHeldDays(exceptions, held));
    } catch (err) {
      for (const id of ids) this.pending.add(id);
      throw err;
    }
  }

  /** Whether a guide is listed now (decision 091). */
  async isListed(id: number): Promise<boolean> {
    await this.catchUp();
    return this.index.has(id);
  }

  /** Every listed guide's id, ascending (the sitemap). */
  async listedIds(): Promise<number[]> {
    await this.catchUp();
    return this.index.ids();
  }

  /**
   * Lowest and highest hourly price of listed guides in whole yuan or yen at the current rate (null without guides).
   */
  async priceBounds(currency: Currency = 'CNY'): Promise<{ lowest: number | null; highest: number | null }> {
    await this.catchUp();
    const range = this.index.priceRange(currency);
    return {
      lowest: range ? toMajor(range.lowest, currency) : null,
      highest: range ? toMajor(range.highest, currency) : null,
    };
  }

  /**
   * One page of guides as a visitor reading `lang` sees them (isSaved false), each card with its
   * UTF-8 JSON (kept with the card: a page is written from these, not serialized again), the total
   * and the rate the prices were compared at.
   */
  async search(
    q: GuideSearchQuery,
    excludeUserId: number | undefined,
    lang: TextLanguage = 'en',
  ): Promise<{
    data: SearchCard[];
    total: number;
    withoutFilter?: Partial<Record<SearchFilter, number>>;
    rate?: FxRate;
  }> {
    await this.catchUp();
    const now = new Date();
    const { ids, total } = this.index.search(q, excludeUserId, now, lang);
    // Nobody found: what each filter alone hid (decision 104). A search that found someone pays nothing.
    if (total === 0) return { data: [], total, withoutFilter: this.index.countsWithout(q, excludeUserId, now) };
    return { data: await this.cardsFor(ids, lang), total, rate: this.fxRate };
  }

  /** The page's cards with their response figures (one query for the figures a page lacks, if any). */
  private async cardsFor(ids: number[], lang: TextLanguage): Promise<SearchCard[]> {
    const figures = await this.figures.get(ids);
    const entries = await this.cachedCards(ids, figures);
    await this.translateBios(entries, lang);
    return entries.map((entry) => {
      const responsiveness = figures.get(entry.variants.en.id);
      if (responsiveness && responsiveness !== entry.variants.en.responsiveness) refigure(entry, responsiveness);
      const card = entry.variants[lang];
      return { card, json: (entry.json[lang] ??= Buffer.from(JSON.stringify(card))) };
    });
  }

  /**
   * Folds the bio's translation into each kept card's `lang` variant the first time the card is shown
   * in that language: one cache read for the page's cards that lack it, none once they are kept
   * (decision 145). A translation that lands later announces its guide, which drops the card.
   */
  private async translateBios(entries: CachedCard[], lang: TextLanguage): Promise<void> {
    if (!this.translations?.enabled) return;
    const todo = entries.filter((e) => !e.translated[lang]);
    if (!todo.length) return;
    const found = await this.translations.read(todo.map((entry) => bioToTranslate(entry.variants[lang], lang)));
    todo.forEach((entry, i) => {
      entry.translated[lang] = true;
      const f = found[i];
      if (!f) return;
      entry.variants[lang] = { ...entry.variants[lang], ...fieldsOf('bio', f) };
      delete entry.json[lang];
    });
  }

  private async cachedCards(
    ids: number[],
    figures: Map<number, GuideSummary['responsiveness']>,
  ): Promise<CachedCard[]> {
    const found = new Map<number, CachedCard>();
    const missing: number[] = [];
    for (const id of ids) {
      const entry = this.cards.get(id);
      if (!entry) {
        missing.push(id);
        continue;
      }
      found.set(id, entry);
      this.cards.delete(id); // most recently shown goes last
      this.cards.set(id, entry);
    }
    if (missing.length > 0) {
      const generation = this.generation;
      const db = this.database.db;
      const built = await toSummaryVariants(db, await summaryRowsByIds(db, missing), null, figures);
      const keep = generation === this.generation;
      for (const variants of built) {
        const entry: CachedCard = { variants, json: {}, translated: {} };
        found.set(variants.en.id, entry);
        if (keep) this.cards.set(variants.en.id, entry);
      }
      for (const id of this.cards.keys()) {
        if (this.cards.size <= CARD_CACHE_MAX) break;
        this.cards.delete(id);
      }
    }
    // A guide deleted since the index saw it has no card: the page is one shorter, never wrong.
    return ids.flatMap((id) => found.get(id) ?? []);
  }
}

/** A search card and its JSON, as `GET /api/v2/guides` writes it. */
export interface SearchCard {
  card: GuideSummary;
  json: Buffer;
}

/** A guide's card in each reading language, and each one's JSON once a page has shown it. */
interface CachedCard {
  variants: Record<TextLanguage, GuideSummary>;
  json: Partial<Record<TextLanguage, Buffer>>;
  /** The languages whose variant has been given its bio's translation (or found to need none). */
  translated: Partial<Record<TextLanguage, true>>;
}

/** Newer response figures: the kept card takes them (and its JSON is written again when next shown). */
function refigure(entry: CachedCard, responsiveness: GuideSummary['responsiveness']): void {
  for (const lang of TEXT_LANGUAGES) entry.variants[lang] = { ...entry.variants[lang], responsiveness };
  entry.json = {};
}

/** The candidates with an open day within the listing window (decision 091); the rest are not listed. */
function withOpenDays(candidates: IndexedGuide[], exceptions: IndexedException[]): IndexedGuide[] {
  const byGuide = new Map<number, Map<string, boolean>>();
  for (const e of exceptions) {
    let days = byGuide.get(e.guideId);
    if (!days) byGuide.set(e.guideId, (days = new Map()));
    days.set(e.date, e.available);
  }
  const now = new Date();
  const none = new Map<string, boolean>();
  return candidates.filter((g) => hasOpenDay(g.weeklyDays, byGuide.get(g.id) ?? none, g.timeZone, now));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's guide search (tests call `sync()` after writing guides directly). */
    guideSearch: GuideSearch;
  }
}
