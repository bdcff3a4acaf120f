import { addDays, todayInZone } from '../../../shared/availability';
import type { FxRate } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import type { AdminFx, FxFeedFailure, FxProvider } from '../../../shared/schemas/fx';
import { inTransaction, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import type { FeedReading, FxFeed } from './ecb-feed';
import * as repo from './fx.repository';
import { feedTroubleNotice } from './texts';

export const FX_FETCH_JOB = 'fx.ecb_fetch';

/** How long `current()` answers from memory: it is read by every quote and booking, and a rate changes once a day. */
export const CACHE_MS = 60_000;
/** A feed whose newest rates are more than this many days before the day it is read for is late (decision 165). */
export const LATE_AFTER_DAYS = 4;
/** The ECB publishes around 16:00 Frankfurt time (14:00 or 15:00 UTC); the day's read is due from 16:00 UTC. */
const PUBLISHED_BY_UTC_HOUR = 16;
const RECENT_RATES = 30;

/**
 * The ECB day whose rates are out at `now`: the UTC date of 16 hours earlier. The day's read is queued
 * once per such day; a first start reads at once, whatever the hour (its day has no read yet).
 */
export const feedDayAt = (now: Date): string =>
  new Date(now.getTime() - PUBLISHED_BY_UTC_HOUR * 3_600_000).toISOString().slice(0, 10);

/** Tells every admin through the notices' outbox; compose.ts builds it (the same as translation's). */
export interface FxAdminAlert {
  tellAdmins(notice: {
    text: Record<Locale, { title: string; message: string }>;
    dedupeKey: string;
    actionUrl?: string;
  }): Promise<void>;
}

export interface FxDeps {
  db: Database;
  provider: FxProvider;
  /** FX_JPY_PER_CNY, checked by config.ts. */
  fixedRate: string;
  admins: FxAdminAlert;
  log: { warn(o: object, m: string): void };
  now: () => Date;
}

/**
 * Yen per yuan (decision 165). `current()` is what quotes and bookings price at: under FX_PROVIDER=fixed
 * the admin's newest rate, else FX_JPY_PER_CNY dated today in Japan; under `ecb` the newest rate read
 * from the feed, else FX_JPY_PER_CNY. It is one indexed read, kept in memory for CACHE_MS, and never
 * waits for the feed: the feed is read by a daily job, whose failures keep the last good rate and tell
 * the admins once a day.
 */
export class FxRates {
  /** The feed the daily job reads (null under `fixed`); tests swap it for one with a shorter timeout. */
  feed: FxFeed | null;
  private cached: { rate: FxRate; until: number } | undefined;
  private loading: Promise<FxRate> | undefined;
  private generation = 0;
  private queuedDay = '';

  constructor(
    private readonly deps: FxDeps,
    feed: FxFeed | null,
  ) {
    this.feed = feed;
  }

  /** The rate prices use now. A failed read answers the last rate this instance had, when it had one. */
  async current(): Promise<FxRate> {
    const cached = this.cached;
    if (cached && Date.now() < cached.until) return cached.rate;
    if (this.loading) return this.loading;
    const generation = this.generation;
    const loading = this.load()
      .then((rate) => {
        // A read that started before this instance changed the rate is answered, not kept.
        if (generation === this.generation) this.cached = { rate, until: Date.now() + CACHE_MS };
        return rate;
      })
      .catch((err: unknown) => {
        if (!cached) throw err;
        this.deps.log.warn({ err }, 'exchange rate not read: the last one is used');
        return cached.rate;
      })
      .finally(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    this.loading = loading;
    return loading;
  }

  /** The next `current()` reads the table again (after this instance changed it). */
  forget(): void {
    this.cached = undefined;
    this.loading = undefined;
    this.generation++;
  }

  private async load(): Promise<FxRate> {
    const row = await repo.newestRate(this.deps.db, this.deps.provider === 'ecb' ? 'ecb' : 'admin');
    return row ? repo.rateOf(row) : this.configured();
  }

  private configured(): FxRate {
    return { jpyPerCny: this.deps.fixedRate, asOf: todayInZone('Asia/Tokyo', this.deps.now()), source: 'fixed' };
  }

  // ------------------------------------------------------------ the daily read (FX_PROVIDER=ecb)

  /** The runner's sweep: queue the day's read once (the dedupe key makes it once across instances). */
  async sweep(now: Date): Promise<void> {
    if (this.deps.provider !== 'ecb') return;
    const day = feedDayAt(now);
    if (day === this.queuedDay) return;
    await enqueueJob(this.deps.db, {
      kind: FX_FETCH_JOB,
      payload: { day },
      runAt: now,
      dedupeKey: `${FX_FETCH_JOB}:${day}`,
    });
    this.queuedDay = day;
  }

  /**
   * The day's read: a good rate is kept with its day and source; trouble is recorded, told to the
   * admins (one notice a day, by the notices' dedupe key) and thrown, so the runner tries again with
   * its back-off, while prices keep the last good rate.
   */
  async fetch(job: ClaimedJob, now: Date): Promise<void> {
    if (!this.feed) return;
    const day = String(job.payload.day);
    const reading = this.judge(
      await this.feed
        .read()
        .catch((err: unknown): FeedReading => ({ ok: false, kind: 'unreachable', detail: String(err) })),
      day,
    );
    if (reading.ok) {
      await repo.keepFeedRate(this.deps.db, {
        jpyPerCny: reading.jpyPerCny,
        asOf: reading.asOf,
        source: this.feed.source,
        fetchedAt: now,
      });
      this.forget();
      return;
    }
    await repo.recordFeedFailure(this.deps.db, {
      failedAt: now,
      kind: reading.kind,
      detail: reading.detail,
      feedAsOf: reading.feedAsOf ?? null,
    });
    this.deps.log.warn(
      { kind: reading.kind, detail: reading.detail, day },
      'exchange rate feed failed: the last good rate is kept',
    );
    this.forget();
    const inUse = await this.current();
    await this.deps.admins.tellAdmins({
      text: feedTroubleNotice(day, reading.kind, reading.feedAsOf ?? null, inUse),
      dedupeKey: `fx-feed:${day}`,
      actionUrl: '/admin/rates',
    });
    throw new AppError('unavailable', `ECB feed (${reading.kind}): ${reading.detail}`);
  }

  /** A good reading whose day is too old (or later than the day after `day`) is a failure too. */
  private judge(
    reading: FeedReading,
    day: string,
  ): FeedReading | { ok: false; kind: FxFeedFailure; detail: string; feedAsOf?: string } {
    if (!reading.ok) return reading;
    if (addDays(reading.asOf, LATE_AFTER_DAYS) < day)
      return {
        ok: false,
        kind: 'late',
        detail: `newest rates of ${reading.asOf}, read for ${day}`,
        feedAsOf: reading.asOf,
      };
    if (reading.asOf > addDays(day, 1))
      return {
        ok: false,
        kind: 'broken',
        detail: `rates dated ${reading.asOf}, read for ${day}`,
        feedAsOf: reading.asOf,
      };
    return reading;
  }

  // ------------------------------------------------------------ the admin console

  async overview(): Promise<AdminFx> {
    const current = await this.current();
    const rates = await repo.recentRates(this.deps.db, RECENT_RATES);
    const failure = await repo.lastFeedFailure(this.deps.db);
    return {
      provider: this.deps.provider,
      configuredJpyPerCny: this.deps.fixedRate,
      current,
      rates: rates.map((r) => ({ ...repo.rateOf(r), recordedAt: r.fetchedAt.toISOString() })),
      lastFailure: failure
        ? { at: failure.failedAt.toISOString(), kind: failure.kind, detail: failure.detail, feedAsOf: failure.feedAsOf }
        : null,
    };
  }

  /** The admin's fixed rate, dated today in Japan (audited); refused under `ecb`, where it would not be used. */
  async setFixed(admin: AuthUser, jpyPerCny: string): Promise<AdminFx> {
    if (this.deps.provider === 'ecb')
      throw new AppError(
        'rate_from_feed',
        'The rate comes from the ECB feed (FX_PROVIDER=ecb); a fixed rate applies only under FX_PROVIDER=fixed',
      );
    const now = this.deps.now();
    await inTransaction(this.deps.db, async (db) => {
      const before = await repo.newestRate(db, 'admin');
      const row = await repo.setAdminRate(db, { jpyPerCny, asOf: todayInZone('Asia/Tokyo', now), fetchedAt: now });
      await recordAdminAction(db, {
        adminUserId: admin.id,
        action: 'fx_rate.set',
        entityType: 'fx_rate',
        entityId: row.id,
        before: { ...(before ? repo.rateOf(before) : this.configured()) },
        after: { ...repo.rateOf(row) },
      });
    });
    this.forget();
    return this.overview();
  }
}
