import { createHash } from 'node:crypto';
import { circuitBreaker, CircuitState, ConsecutiveBreaker, handleWhen } from 'cockatiel';
import { detectTextLanguage, localeTextLanguage, type TextLanguage } from '../../../shared/guide-texts';
import { accountReaderLanguage, type AskedLanguage } from '../../lib/request-language';
import type { Locale } from '../../../shared/locales';
import type { Database } from '../../db/client';
import { enqueueJobs, type ClaimedJob } from '../../jobs/index';
import { AppError } from '../../lib/app-error';
import { withinDeadline } from '../../lib/redis-guard';
import { PROVIDER_TIMEOUT_MS, ProviderError, type TranslationProvider } from './provider';
import type { AllowanceStore } from './allowance';
import {
  accountLocale,
  cachedTranslations,
  guideAccount,
  keepTranslation,
  reserveCharacters,
  returnCharacters,
  stopMonth,
} from './translation.repository';
import { translationScope, type TranslationFields, type WrittenTranslation } from './reply-fields';
import { withhold } from './withheld';

/** The job that sends one text to the provider and keeps its translation (decision 145). */
export const TRANSLATE_JOB = 'translation.translate';

/** Failed provider calls in a row after which nobody calls it for a while (like Redis, decision 101). */
const FAILURES_TO_OPEN = 3;
/** While open, how long before one job tries the provider again. */
const RETRY_AFTER_MS = 60_000;
/** Keys this instance has queued today, so a page read again does not write the same job again. */
const QUEUED_MEMORY = 10_000;
/** How long a day's allowance count is kept (it is read only on its own UTC day). */
const ALLOWANCE_TTL_MS = 2 * 86_400_000;

/**
 * A text a reader is about to get, the language it is in, and the reader's; where it lives (`scope`,
 * part of its cache key, decision 184: `translationScope`), so only readers of that place reach its
 * translations and the same words written elsewhere miss: the cache confirms nobody's guess. A
 * guide's own text (`guideId` alone) lives on the guide's profile.
 */
export type TextToTranslate = {
  text: string;
  from: TextLanguage;
  to: TextLanguage;
  /** The account that wrote it: the translation counts against its daily allowance (decision 184). */
  writerId?: number | null;
} & (
  | { scope: string; guideId?: number }
  /**
   * The guide whose text it is: their search cards are written again once it is translated; its writer is found by the
   * job.
   */
  | { scope?: undefined; guideId: number }
);

const scopeOf = (t: TextToTranslate): string => (t.scope !== undefined ? t.scope : translationScope.guide(t.guideId));

/** A text someone wrote and the language of their account, when known (the tie-breaker of decision 146). */
export interface WrittenText {
  text: string;
  writer?: TextLanguage;
  writerId?: number | null;
}

/** Tells every admin (the notices' outbox), linking to where to act when `actionUrl` is given; compose.ts builds it. */
export interface AdminAlert {
  tellAdmins(notice: {
    text: Record<Locale, { title: string; message: string }>;
    dedupeKey: string;
    actionUrl?: string;
  }): Promise<void>;
}

interface Deps {
  db: Database;
  /** Null: TRANSLATION_PROVIDER=none, nothing is called and replies are as without translation. */
  provider: TranslationProvider | null;
  monthlyCharacters: number;
  /** TRANSLATION_DAILY_CHARACTERS_PER_USER, and where the day's counts live (decision 184). */
  dailyCharactersPerUser: number;
  allowances: AllowanceStore;
  jobs: { soon(ids: number[]): void };
  admins: AdminAlert;
  log: { warn(o: object, m: string): void; info(o: object, m: string): void };
  now: () => Date;
}

/**
 * The cache key of a text of one place in one language pair: sha256 of the four (translation_cache.key, decision 184).
 */
export const translationKey = (scope: string, text: string, from: TextLanguage, to: TextLanguage): string =>
  createHash('sha256').update(`${scope}\u0000${from}\u0000${to}\u0000${text}`).digest('hex');

/** The budget's month, in UTC (translation_months.month). */
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** An account's count of the day (UTC) in the allowance store. */
const allowanceKey = (d: Date, userId: number) => `${d.toISOString().slice(0, 10)}:${userId}`;
/** The characters a text costs: what the provider is sent, contact details withheld (decision 181). */
const costOf = (text: string) => withhold(text).sent.length;

const PROVIDER_LABELS = { deepl: 'DeepL' } as const;
/** A text with no letter at all (digits, emoji, "•••") reads the same in every language. */
const HAS_WORDS = /\p{L}/u;

/**
 * Machine translation of what people write, the original always kept (decision 145). Readers only
 * read the cache: one statement for every text of a reply, and the misses queued as jobs in one
 * more. The provider is called only by the job, with a deadline and behind a circuit breaker, so no
 * send, page or search ever waits for it.
 */
export class Translations {
  private readonly breaker = circuitBreaker(
    // The account's quota (456) says nothing about the provider's health: it stops the month instead.
    handleWhen((err) => !(err instanceof ProviderError && err.failure === 'quota')),
    { halfOpenAfter: RETRY_AFTER_MS, breaker: new ConsecutiveBreaker(FAILURES_TO_OPEN) },
  );
  private readonly listeners: ((guideId: number) => Promise<void>)[] = [];
  private readonly queued = new Set<string>();

  constructor(private readonly deps: Deps) {
    this.breaker.onBreak((reason) =>
      deps.log.warn(
        { err: 'error' in reason ? reason.error : reason },
        'translation provider failing: not called for a while',
      ),
    );
    this.breaker.onReset(() => deps.log.info({}, 'translation provider answering again'));
  }

  /** Whether a provider is set (TRANSLATION_PROVIDER). */
  get enabled(): boolean {
    return this.deps.provider !== null;
  }

  /**
   * The language a signed-in reader gets translations in (readerLanguage, decision 190): `lang`, else
   * the app's choice, else their account's, else Accept-Language; the account is read only when the
   * first two do not say. Undefined without a provider, so nothing is read (decision 145).
   */
  async readerLanguage(userId: number, asked: AskedLanguage): Promise<TextLanguage | undefined> {
    if (!this.enabled) return undefined;
    return localeTextLanguage(await accountReaderLanguage(asked, () => accountLocale(this.deps.db, userId)));
  }

  /** An account's language as a text language (users.locale): a writer's hint for a kanji-only text (decision 146). */
  async accountLanguage(userId: number): Promise<TextLanguage | undefined> {
    const locale = await accountLocale(this.deps.db, userId);
    return locale ? localeTextLanguage(locale) : undefined;
  }

  /** Runs `fn` with a guide's id each time one of their texts has been translated (search drops their cards). */
  onTranslated(fn: (guideId: number) => Promise<void>): void {
    this.listeners.push(fn);
  }

  /**
   * The translation of each text for its reader, from the cache only; undefined where none applies
   * (translation off, an empty text, the reader's own language). A miss is queued once and answers
   * `pending`, or `unavailable` while the provider is failing, the month's budget is spent, or the
   * text would take the reader (`readerId`, signed in) or its writer past the day's allowance
   * (decision 184; those misses are not queued).
   */
  async read(
    items: (TextToTranslate | null | undefined)[],
    readerId?: number,
  ): Promise<(TranslationFields | undefined)[]> {
    const provider = this.deps.provider;
    const wanted = items.map((i) =>
      provider && i && i.from !== i.to && HAS_WORDS.test(i.text)
        ? { ...i, key: translationKey(scopeOf(i), i.text, i.from, i.to), readerId }
        : null,
    );
    const keys = [...new Set(wanted.flatMap((w) => (w ? [w.key] : [])))];
    if (!provider || keys.length === 0) return items.map(() => undefined);
    const now = this.deps.now();
    const { texts, stopped } = await cachedTranslations(this.deps.db, keys, monthOf(now));
    const misses = wanted.filter((w): w is NonNullable<typeof w> => w !== null && !texts.has(w.key));
    const over = stopped || misses.length === 0 ? new Set<string>() : await this.overAllowance(misses, now, readerId);
    const queue = misses.filter((m) => !over.has(m.key));
    if (!stopped && queue.length) await this.enqueue(queue, now);
    const status = stopped || this.breaker.state !== CircuitState.Closed ? 'unavailable' : 'pending';
    return wanted.map((w) => {
      if (!w) return undefined;
      const text = texts.get(w.key);
      if (text !== undefined) return { translated: { text, provider: PROVIDER_LABELS[provider.id], targetLang: w.to } };
      return { translated: null, translation: { status: over.has(w.key) ? 'unavailable' : status } };
    });
  }

  /**
   * The misses that would take their reader or writer past today's allowance: one read of the counts (decision 184).
   */
  private async overAllowance(
    misses: (TextToTranslate & { key: string })[],
    now: Date,
    readerId: number | undefined,
  ): Promise<Set<string>> {
    const ids = [
      ...new Set([readerId, ...misses.map((m) => m.writerId)].filter((id): id is number => typeof id === 'number')),
    ];
    if (ids.length === 0) return new Set();
    const counts = await this.deps.allowances.used(ids.map((id) => allowanceKey(now, id)));
    const used = new Map(ids.map((id, i) => [id, counts[i] ?? 0]));
    const limit = this.deps.dailyCharactersPerUser;
    const fits = (id: number | null | undefined, cost: number) =>
      typeof id !== 'number' || (used.get(id) ?? 0) + cost <= limit;
    return new Set(
      misses.filter((m) => !(fits(readerId, costOf(m.text)) && fits(m.writerId, costOf(m.text)))).map((m) => m.key),
    );
  }

  /**
   * Texts someone wrote, for a team member reading them in `reader`'s language (support threads and
   * dispute statements, decision 146): each text's language, guessed with its writer's account
   * language, and its translation from the cache in one read; the job keeps contact details from the
   * provider and puts them back (decision 181). Undefined where no translation applies.
   */
  async readWritten(
    items: (WrittenText | null | undefined)[],
    reader: TextLanguage | undefined,
    where: { scope: string; readerId?: number },
  ): Promise<(WrittenTranslation | undefined)[]> {
    if (!reader || !this.enabled) return items.map(() => undefined);
    const languages = items.map((i) => (i ? detectTextLanguage(i.text, i.writer) : undefined));
    const found = await this.read(
      items.map((i, n) =>
        i ? { text: i.text, from: languages[n]!, to: reader, scope: where.scope, writerId: i.writerId } : null,
      ),
      where.readerId,
    );
    return found.map((f, n) => (f ? { language: languages[n]!, ...f } : undefined));
  }

  /**
   * One job per text and day (the dedupe key), all in one statement, run right after. Per day, not
   * once for good: a job that used up its retries while the provider was down is queued again by the
   * next day's readers (the job checks the cache first, so a text is never sent twice).
   */
  private async enqueue(misses: (TextToTranslate & { key: string; readerId?: number })[], now: Date): Promise<void> {
    const day = now.toISOString().slice(0, 10);
    const fresh = new Map<string, TextToTranslate & { key: string; readerId?: number }>();
    for (const m of misses) if (!this.queued.has(`${m.key}:${day}`)) fresh.set(m.key, m);
    if (!fresh.size) return;
    const added = await enqueueJobs(
      this.deps.db,
      [...fresh.values()].map((m) => ({
        kind: TRANSLATE_JOB,
        payload: {
          key: m.key,
          text: m.text,
          from: m.from,
          to: m.to,
          ...(m.guideId !== undefined && { guideId: m.guideId }),
          ...(typeof m.writerId === 'number' && { writerId: m.writerId }),
          ...(m.readerId !== undefined && { readerId: m.readerId }),
        },
        runAt: now,
        dedupeKey: `${TRANSLATE_JOB}:${m.key}:${day}`,
      })),
    );
    if (this.queued.size > QUEUED_MEMORY) this.queued.clear();
    for (const key of fresh.keys()) this.queued.add(`${key}:${day}`);
    this.deps.jobs.soon(added.map((a) => a.id));
  }

  /**
   * The job: counts the characters against the writer's and the reader's allowance of the day and the
   * month's budget (decision 184), asks the provider (PROVIDER_TIMEOUT_MS, through the breaker) and
   * keeps the answer. Every path's text is sent from here alone, its contact details withheld and put
   * back in the translation (decision 181). A call that fails gives every character back, so only
   * what was translated is spent; a busy or failing provider fails the job, which the runner tries
   * again with its back-off; a spent budget or quota stops the month instead. Past an allowance the
   * job ends without sending: the next read answers `unavailable`.
   */
  async runJob(job: ClaimedJob, now: Date): Promise<void> {
    const provider = this.deps.provider;
    if (!provider) return; // translation was turned off since the job was written
    const p = job.payload as {
      key: string;
      text: string;
      from: TextLanguage;
      to: TextLanguage;
      guideId?: number;
      writerId?: number;
      readerId?: number;
    };
    const month = monthOf(now);
    // Already translated (an earlier day's job, or a run that finished after its lease), or stopped: nothing to send.
    const kept = await cachedTranslations(this.deps.db, [p.key], month);
    if (kept.texts.has(p.key) || kept.stopped) return;
    const withheld = withhold(p.text);
    const cost = withheld.sent.length;
    // A guide's profile texts name the guide, not the account: one look-up, in the job only.
    const writerId = p.writerId ?? (p.guideId !== undefined ? await guideAccount(this.deps.db, p.guideId) : undefined);
    const people = [...new Set([writerId, p.readerId].filter((id): id is number => typeof id === 'number'))].map((id) =>
      allowanceKey(now, id),
    );
    if (!(await this.deps.allowances.take(people, cost, this.deps.dailyCharactersPerUser, ALLOWANCE_TTL_MS))) return;
    if (!(await reserveCharacters(this.deps.db, month, cost, this.deps.monthlyCharacters))) {
      await this.deps.allowances.giveBack(people, cost);
      return this.stop(month, now, 'budget');
    }
    let text: string | undefined;
    try {
      [text] = await this.breaker.execute(() =>
        withinDeadline(
          provider.translate([withheld.sent], p.from, p.to),
          PROVIDER_TIMEOUT_MS,
          'The translation provider',
        ),
      );
      if (text === undefined) throw new AppError('internal', 'The translation provider answered without a text');
    } catch (err) {
      // Nothing translated: nothing spent, neither the month's characters nor anybody's day.
      await Promise.all([returnCharacters(this.deps.db, month, cost), this.deps.allowances.giveBack(people, cost)]);
      if (err instanceof ProviderError && err.failure === 'quota') return this.stop(month, now, 'quota');
      throw err;
    }
    await keepTranslation(this.deps.db, {
      key: p.key,
      sourceLanguage: p.from,
      targetLanguage: p.to,
      translatedText: withheld.restore(text),
      provider: provider.id,
    });
    if (p.guideId !== undefined) for (const fn of this.listeners) await fn(p.guideId);
  }

  /** Nothing more is sent this month: one log line and one notice to the admins, by whichever job stops it first. */
  private async stop(month: string, now: Date, why: 'budget' | 'quota'): Promise<void> {
    if (!(await stopMonth(this.deps.db, month, now))) return;
    this.deps.log.warn(
      { month, why, budget: this.deps.monthlyCharacters },
      'machine translation stopped for the rest of the month',
    );
    const what =
      why === 'budget'
        ? `the monthly budget of ${this.deps.monthlyCharacters} characters is spent`
        : "the provider's quota is spent";
    const whatZh = why === 'budget' ? `本月 ${this.deps.monthlyCharacters} 字符的预算已用完` : '翻译服务的额度已用完';
    const whatJa =
      why === 'budget'
        ? `今月の予算 ${this.deps.monthlyCharacters} 文字を使い切りました`
        : '翻訳サービスの利用枠を使い切りました';
    await this.deps.admins.tellAdmins({
      text: {
        en: {
          title: `Machine translation stopped for ${month}`,
          message: `Texts are shown in their original language until next month: ${what}.`,
        },
        'zh-CN': { title: `${month} 机器翻译已暂停`, message: `下个月之前，文字以原文显示：${whatZh}。` },
        ja: {
          title: `${month} の機械翻訳を停止しました`,
          message: `来月まで文章は原文のまま表示されます：${whatJa}。`,
        },
      },
      dedupeKey: `translation-stopped:${month}`,
    });
  }
}
