import { BOOKING_HORIZON_DAYS } from '../../../shared/booking/schedule';
import type { Locale } from '../../../shared/locales';
import {
  MAX_CALENDARS,
  type CalendarBody,
  type CalendarProblem,
  type CalendarsReply,
  type CalendarView,
} from '../../../shared/schemas/calendars';
import { inTransaction, type Database } from '../../db/client';
import { deleteDoneJobs, enqueueJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../auth/index';
import type { CreateSystemMessage } from '../notifications/index';
import { lockGuideSchedule } from '../bookings/index';
import * as repo from './calendars.repository';
import { calendarAddress, fetchCalendar } from './fetch-calendar';
import { icsBusyRanges, type BusyRange } from './ics-busy';
import { failingNotice, PROBLEM_TEXT } from './texts';
import type { Seal } from '../../lib/seal';

export const CALENDAR_SYNC_JOB = 'calendars.sync';
const DAY_MS = 86_400_000;
const ROUND_BUDGET_MS = 2 * 60_000;
/** Where her calendars are listed: the link of the notice of one failing. */
const CALENDARS_PAGE = '/guide-dashboard?tab=settings#calendars';
/** Our own export of her bookings (`/api/ical/{token}.ics`): read back, it would make every booking busy. */
const OWN_EXPORT_PATH = /^\/api\/ical\/[^/]+\.ics$/i;

export interface CalendarsDeps {
  db: Database;
  seal: Seal;
  allowHosts: readonly string[];
  syncMinutes: number;
  appUrl: string;
  notices: { enqueueNow(inputs: CreateSystemMessage[]): Promise<void> };
  log: { info(o: object, m: string): void; warn(o: object, m: string): void };
  now: () => Date;
}

/** What one read did: busy times replaced, unchanged (304), or failed with a problem (the last good kept). */
type SyncOutcome =
  { kind: 'read'; ranges: number } | { kind: 'unchanged' } | { kind: 'failed'; problem: CalendarProblem };

/**
 * A guide's other calendars (decision 200): added by their secret address after a first good read, read
 * again every CALENDAR_SYNC_MINUTES by the job runner and on demand, their busy times kept in
 * `guide_busy_times`, which every "is she free" read takes (decision 199).
 */
export class CalendarsService {
  private queuedRound = -1;

  constructor(private readonly deps: CalendarsDeps) {}

  private async guide(viewer: AuthUser) {
    const g = await repo.guideOfUser(this.deps.db, viewer.id);
    if (!g) throw new AppError('not_a_guide', 'Only guides have calendars');
    return g;
  }

  async list(viewer: AuthUser, locale: Locale): Promise<CalendarsReply> {
    const g = await this.guide(viewer);
    const rows = await repo.calendarsOf(this.deps.db, g.id);
    return { calendars: rows.map((r) => viewOf(r, locale)), max: MAX_CALENDARS, syncMinutes: this.deps.syncMinutes };
  }

  async add(viewer: AuthUser, body: CalendarBody, locale: Locale): Promise<CalendarView> {
    const g = await this.guide(viewer);
    const address = this.allowedAddress(body.url);
    const hash = this.deps.seal.hash(address.href);
    const mine = await repo.calendarsOf(this.deps.db, g.id);
    if (mine.length >= MAX_CALENDARS) throw new AppError('calendar_limit', `At most ${MAX_CALENDARS} calendars`);
    if (mine.some((c) => c.urlHash === hash)) throw new AppError('calendar_exists', 'This calendar is already added');
    const now = this.deps.now();
    const read = await this.read(address, null, now);
    if (!('ranges' in read)) {
      // Without validators there is no 304: a read that gave no ranges failed.
      const problem = 'problem' in read ? read.problem : 'http_error';
      const code = problem === 'address_refused' ? 'calendar_address_refused' : 'calendar_unreadable';
      throw new AppError(code, 'The calendar could not be read', [{ path: 'url', message: problem }]);
    }
    const row = await inTransaction(this.deps.db, async (tx) => {
      // The cap and the one-address rule hold between two adds at once: they wait on her schedule's lock.
      await lockGuideSchedule(tx, g.id);
      const others = await repo.calendarsOf(tx, g.id);
      if (others.length >= MAX_CALENDARS) throw new AppError('calendar_limit', `At most ${MAX_CALENDARS} calendars`);
      if (others.some((c) => c.urlHash === hash))
        throw new AppError('calendar_exists', 'This calendar is already added');
      return repo.insertCalendar(tx, {
        guideId: g.id,
        name: body.name ?? address.hostname,
        host: address.host,
        urlSealed: this.deps.seal.seal(address.href),
        urlHash: hash,
      });
    });
    await repo.replaceBusyTimes(this.deps.db, row, read.ranges, {
      at: now,
      etag: read.etag,
      lastModified: read.lastModified,
    });
    return viewOf((await repo.calendarById(this.deps.db, row.id))!, locale);
  }

  async remove(viewer: AuthUser, id: number): Promise<void> {
    const g = await this.guide(viewer);
    if (!(await repo.deleteCalendar(this.deps.db, g.id, id))) throw notFound('Calendar');
  }

  /** Reads her calendar now (the button beside it): the reply says what the read gave. */
  async syncNow(viewer: AuthUser, id: number, locale: Locale): Promise<CalendarView> {
    const g = await this.guide(viewer);
    const row = await repo.calendarOf(this.deps.db, g.id, id);
    if (!row) throw notFound('Calendar');
    await this.sync(row, this.deps.now());
    const after = await repo.calendarOf(this.deps.db, g.id, id);
    if (!after) throw notFound('Calendar');
    return viewOf(after, locale);
  }

  /** The runner's sweep: one round every CALENDAR_SYNC_MINUTES, queued once across instances by its key. */
  async sweep(now: Date): Promise<void> {
    const round = Math.floor(now.getTime() / (this.deps.syncMinutes * 60_000));
    if (round === this.queuedRound) return;
    await enqueueJob(this.deps.db, { kind: CALENDAR_SYNC_JOB, runAt: now, dedupeKey: `${CALENDAR_SYNC_JOB}:${round}` });
    this.queuedRound = round;
  }

  /** A round: every calendar not read within the interval, a few at a time; one failing never stops the rest. */
  async syncDue(now: Date): Promise<void> {
    // The rounds of more than a day ago are done for good: their rows would otherwise pile up, one a round.
    await deleteDoneJobs(this.deps.db, CALENDAR_SYNC_JOB, new Date(now.getTime() - DAY_MS));
    // A minute's slack: a calendar read at the last round's start is due at this one's.
    const due = await repo.calendarsDue(this.deps.db, new Date(now.getTime() - (this.deps.syncMinutes - 1) * 60_000));
    const queue = [...due];
    // Within half the runner's lease (the job runs once across instances only while it holds it): what is left
    // waits for the next round, first in line since it was read longest ago.
    const stopAt = Date.now() + ROUND_BUDGET_MS;
    const worker = async () => {
      for (let row = queue.shift(); row && Date.now() < stopAt; row = queue.shift()) {
        await this.sync(row, now).catch((err: unknown) =>
          this.deps.log.warn({ calendarId: row.id, err: String(err) }, 'calendar sync failed'),
        );
      }
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
  }

  /** One calendar's read: its busy times replaced, left (304), or kept with the problem recorded. */
  async sync(row: repo.CalendarRow, now: Date): Promise<SyncOutcome> {
    const url = this.deps.seal.open(row.urlSealed);
    const address = url === null ? null : calendarAddress(url);
    // Validators only for a recent full read: an endless rule's occurrences move into the window with time.
    const recent = row.lastSuccessAt !== null && now.getTime() - row.lastSuccessAt.getTime() < DAY_MS;
    const read: Awaited<ReturnType<CalendarsService['read']>> = address
      ? await this.read(address, recent ? row : null, now)
      : { problem: 'address_lost' };
    if ('unchanged' in read) {
      await repo.markUnchanged(this.deps.db, row.id, now);
      return { kind: 'unchanged' };
    }
    if ('problem' in read) {
      await this.failed(row, read.problem, now);
      return { kind: 'failed', problem: read.problem };
    }
    await repo.replaceBusyTimes(this.deps.db, row, read.ranges, {
      at: now,
      etag: read.etag,
      lastModified: read.lastModified,
    });
    return { kind: 'read', ranges: read.ranges.length };
  }

  private async failed(row: repo.CalendarRow, problem: CalendarProblem, now: Date): Promise<void> {
    // Never the address: the calendar's id and the problem are what a log may hold (decision 200).
    this.deps.log.info({ calendarId: row.id, problem }, 'calendar read failed: its last busy times are kept');
    const after = await repo.markFailed(this.deps.db, row.id, now, problem);
    if (!after?.failingSince || after.failureNoticeAt || now.getTime() - after.failingSince.getTime() < DAY_MS) return;
    if (!(await repo.claimFailureNotice(this.deps.db, row.id, now))) return;
    const userId = await repo.guideUserId(this.deps.db, row.guideId);
    if (userId === undefined) return;
    await this.deps.notices.enqueueNow([
      {
        userId,
        type: 'system',
        isErrorMessage: true,
        text: failingNotice(row.name, problem),
        actionUrl: CALENDARS_PAGE,
        dedupeKey: `calendar-failing:${row.id}:${after.failingSince.getTime()}`,
      },
    ]);
  }

  /** The address she typed, if it may be read: http(s) (webcal as https), not our own export of her bookings. */
  private allowedAddress(typed: string): URL {
    const address = calendarAddress(typed);
    const refuse = (problem: CalendarProblem) =>
      new AppError('calendar_address_refused', 'This address cannot be read', [{ path: 'url', message: problem }]);
    if (!address) throw refuse('address_refused');
    if (OWN_EXPORT_PATH.test(address.pathname) || address.host === new URL(this.deps.appUrl).host)
      throw refuse('own_export');
    return address;
  }

  /** One fetch and its parse over the booking horizon: the busy ranges, unchanged, or the problem. */
  private async read(
    address: URL,
    validators: { etag: string | null; lastModified: string | null } | null,
    now: Date,
  ): Promise<
    | { ranges: BusyRange[]; etag: string | null; lastModified: string | null }
    | { unchanged: true }
    | { problem: CalendarProblem }
  > {
    const got = await fetchCalendar(address, { allowHosts: this.deps.allowHosts, ...validators });
    if (got.kind === 'not_modified') return { unchanged: true };
    if (got.kind === 'failed') return { problem: got.problem };
    const from = new Date(now.getTime() - DAY_MS);
    const to = new Date(now.getTime() + (BOOKING_HORIZON_DAYS + 2) * DAY_MS);
    const ranges = icsBusyRanges(got.body, from, to);
    if (!Array.isArray(ranges)) return { problem: ranges.problem };
    return { ranges, etag: got.etag, lastModified: got.lastModified };
  }
}

function viewOf(r: repo.CalendarRow, locale: Locale): CalendarView {
  const problem = r.problem as CalendarProblem | null;
  return {
    id: r.id,
    name: r.name,
    host: r.host,
    lastReadAt: r.lastReadAt?.toISOString() ?? null,
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
    busyCount: r.busyCount,
    problem,
    problemText: problem ? PROBLEM_TEXT[locale][problem] : null,
    failingSince: r.failingSince?.toISOString() ?? null,
  };
}
