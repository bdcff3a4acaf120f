import { addDays } from '../../../shared/availability';
import { zonedTimeToUtc } from '../../../shared/booking/schedule';
import type { RecordWarningBody, RecordedWarning } from '../../../shared/schemas/weather';
import {
  cityOfOffice,
  JMA_AREAS,
  JMA_WARNING_CODES,
  jmaAreaOf,
  WEATHER_EVE_HOUR,
  type WeatherWarningEvidence,
} from '../../../shared/weather';
import { inTransaction, type Database } from '../../db/client';
import { enqueueJob, type ClaimedJob, type JobRunner } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import { recordAdminAction } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { warningFor, type OfficeReport } from './jma-format';
import type { WeatherProvider } from './providers';
import * as repo from './weather.repository';
import type { CheckedBooking } from './weather.repository';

export const WEATHER_JOB = { scan: 'weather.scan', start: 'weather.start' } as const;

const HOUR_MS = 3_600_000;
/** The day-before check is at most 30 h before a start (18:00 → 23:59 the next day). */
const EVE_LOOKAHEAD_MS = 31 * HOUR_MS;

/** 18:00 (Japan time: the tour's zone) on the day before the tour. */
export const eveCheckAt = (b: Pick<CheckedBooking, 'date' | 'timeZone'>): Date =>
  zonedTimeToUtc(addDays(b.date, -1), WEATHER_EVE_HOUR * 60, b.timeZone);

type Checkpoint = 'eve' | 'start' | 'admin';

/**
 * The typhoon rule's checks (decision 093). Every hour a scan job (queued by the job
 * runner's sweep, one per hour across instances) checks the tours whose 18:00-the-day-before moment
 * has come and queues each one's check at its start. A check reads the provider's report for the
 * tour's JMA office and the warnings admins recorded by hand, and writes the evidence and the
 * booking's warning in force in one transaction.
 */
export class WeatherService {
  private scannedHour = '';

  constructor(
    private readonly db: Database,
    public provider: WeatherProvider,
    private readonly jobs: JobRunner,
  ) {}

  /** The runner's sweep: queue this hour's scan once (the dedupe key makes it once across instances). */
  async sweep(now: Date): Promise<void> {
    const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
    const key = hour.toISOString();
    if (key === this.scannedHour) return;
    await enqueueJob(this.db, { kind: WEATHER_JOB.scan, runAt: hour, dedupeKey: `${WEATHER_JOB.scan}:${key}` });
    this.scannedHour = key;
  }

  /** The hourly scan: the day-before check of every tour whose moment has come and that lacks one. */
  async scan(now: Date): Promise<void> {
    const due = (await repo.bookingsWithoutEveCheck(this.db, now, new Date(now.getTime() + EVE_LOOKAHEAD_MS))).filter(
      (b) => eveCheckAt(b) <= now,
    );
    const reports = new Map<string, Promise<OfficeReport>>();
    // One office JMA cannot answer for does not hold up the others: the job fails after the rest and
    // retries (the tours already checked are skipped then).
    const failures: unknown[] = [];
    for (const b of due) await this.check(b, 'eve', now, reports).catch((err: unknown) => failures.push(err));
    if (failures.length)
      throw new AppError(
        'unavailable',
        `weather scan: ${failures.length} of ${due.length} checks failed (${String(failures[0])})`,
      );
  }

  /** The check at the tour's start (queued by the day-before check); a moved or ended booking is skipped. */
  async startCheck(job: ClaimedJob, now: Date): Promise<void> {
    const b = await repo.checkedBooking(this.db, Number(job.payload.bookingId));
    if (
      !b ||
      !(repo.CHECKED_STATUSES as readonly string[]).includes(b.status) ||
      b.startsAt.getTime() !== Number(job.payload.startsAt)
    )
      return;
    await this.check(b, 'start', now);
  }

  /** One booking's check: the strongest warning in force for its area (a special warning first), or none. */
  private async check(
    b: CheckedBooking,
    checkpoint: Checkpoint,
    now: Date,
    reports = new Map<string, Promise<OfficeReport>>(),
  ): Promise<void> {
    const area = jmaAreaOf(b.serviceCity);
    if (!area) return; // not a service city: the rule has no area to read
    if (!reports.has(area.office)) reports.set(area.office, this.provider.officeReport(area.office, now));
    const report = await reports.get(area.office)!;
    const found = warningFor(report, area);
    const [recorded] = (await repo.recordedWarningsInForce(this.db, area.office, now)).sort((x, y) =>
      x.kind === y.kind ? 0 : x.kind === 'special_warning' ? -1 : 1,
    );
    const fromProvider: WeatherWarningEvidence | null = found
      ? {
          kind: found.kind,
          code: found.code,
          name: found.name,
          areaCode: area.office,
          municipality: found.municipality,
          issuedAt: report.reportedAt.toISOString(),
          source: this.provider.source,
          checkedAt: now.toISOString(),
        }
      : null;
    const fromAdmin: WeatherWarningEvidence | null = recorded
      ? {
          kind: recorded.kind,
          code: recorded.code,
          name: recorded.name,
          areaCode: area.office,
          municipality: null,
          issuedAt: recorded.issuedAt.toISOString(),
          source: 'admin',
          checkedAt: now.toISOString(),
        }
      : null;
    const evidence =
      fromAdmin && (!fromProvider || (fromAdmin.kind === 'special_warning' && fromProvider.kind !== 'special_warning'))
        ? fromAdmin
        : fromProvider;
    await inTransaction(this.db, async (db) => {
      await repo.recordCheck(
        db,
        {
          bookingId: b.id,
          checkpoint,
          startsAt: b.startsAt,
          checkedAt: now,
          areaCode: area.office,
          inForce: evidence !== null,
          kind: evidence?.kind ?? null,
          code: evidence?.code ?? null,
          name: evidence?.name ?? null,
          issuedAt: evidence ? new Date(evidence.issuedAt) : null,
          source: evidence?.source ?? this.provider.source,
        },
        evidence,
      );
      if (checkpoint === 'eve') {
        const at = b.startsAt.getTime();
        await enqueueJob(db, {
          kind: WEATHER_JOB.start,
          payload: { bookingId: b.id, startsAt: at },
          runAt: b.startsAt,
          dedupeKey: `${WEATHER_JOB.start}:${b.id}:${at}`,
        });
      }
    });
  }

  /**
   * The tours of a city whose day-before moment has come and that have not ended: an admin's warning
   * (or its lifting) applies to them at once, as a check of its own.
   */
  private async recheckCity(city: string, now: Date): Promise<void> {
    const rows = (
      await repo.activeBookingsOfCity(this.db, city, now, new Date(now.getTime() + EVE_LOOKAHEAD_MS))
    ).filter((b) => eveCheckAt(b) <= now);
    for (const b of rows) await this.check(b, 'admin', now);
  }

  // ------------------------------------------------------------ the admin console

  async list(): Promise<{ warnings: RecordedWarning[] }> {
    return { warnings: (await repo.listRecordedWarnings(this.db)).map((r) => toRecorded(r.warning, r.username)) };
  }

  /** An admin records a warning by hand (audited), e.g. while JMA's data cannot be read. */
  async record(admin: AuthUser, body: RecordWarningBody, now: Date): Promise<RecordedWarning> {
    const area = JMA_AREAS[body.city];
    const code = JMA_WARNING_CODES[body.code]!;
    const row = await inTransaction(this.db, async (db) => {
      const out = await repo.insertRecordedWarning(db, {
        areaCode: area.office,
        kind: code.kind,
        code: body.code,
        name: code.name,
        issuedAt: body.issuedAt ? new Date(body.issuedAt) : now,
        recordedBy: admin.id,
        note: body.note || null,
        createdAt: now,
      });
      await recordAdminAction(db, {
        adminUserId: admin.id,
        action: 'weather_warning.record',
        entityType: 'weather_warning',
        entityId: out.id,
        after: {
          city: body.city,
          areaCode: out.areaCode,
          kind: out.kind,
          code: out.code,
          name: out.name,
          issuedAt: out.issuedAt.toISOString(),
        },
        note: out.note,
      });
      return out;
    });
    await this.recheckCity(body.city, now);
    return toRecorded(row, admin.username);
  }

  /** Lifts a recorded warning (audited); the city's tours are checked again at once. */
  async lift(admin: AuthUser, id: number, now: Date): Promise<RecordedWarning> {
    const row = await inTransaction(this.db, async (db) => {
      const out = await repo.liftRecordedWarning(db, id, now);
      if (!out) return undefined;
      await recordAdminAction(db, {
        adminUserId: admin.id,
        action: 'weather_warning.lift',
        entityType: 'weather_warning',
        entityId: id,
        before: { liftedAt: null },
        after: { liftedAt: now.toISOString() },
      });
      return out;
    });
    if (!row) throw notFound('Weather warning in force');
    const city = cityOfOffice(row.areaCode);
    if (city) await this.recheckCity(city, now);
    return toRecorded(row, admin.username);
  }
}

function toRecorded(w: Awaited<ReturnType<typeof repo.insertRecordedWarning>>, username: string): RecordedWarning {
  return {
    id: w.id,
    areaCode: w.areaCode,
    kind: w.kind,
    code: w.code,
    name: w.name,
    issuedAt: w.issuedAt.toISOString(),
    liftedAt: w.liftedAt?.toISOString() ?? null,
    recordedBy: username,
    note: w.note,
  };
}
