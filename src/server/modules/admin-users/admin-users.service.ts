import type { z } from 'zod';
import { ledgerBalance } from '../../../shared/booking/ledger';
import { tourDays } from '../../../shared/booking/tour-days';
import { ADMIN_USERS_PAGE_SIZE, type adminUserQuerySchema } from '../../../shared/schemas/admin';
import { inTransaction, type Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { failedJobs, retryFailedJob } from '../../jobs/index';
import type { Realtime } from '../../realtime/index';
import { auditedChange, recordAdminAction } from '../audit/index';
import { revokeAllSessions, type AuthUser } from '../auth/index';
import { ledgerOf } from '../bookings/index';
import type { GuideSearch } from '../guides/index';
import { weatherChecksOf } from '../weather/index';
import * as repo from './admin-users.repository';

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;
const summaryOf = <T extends { createdAt: Date; suspendedAt: Date | null }>(u: T) => ({
  ...u,
  createdAt: u.createdAt.toISOString(),
  suspendedAt: iso(u.suspendedAt),
});

/** Users and bookings for the admin console: find, view, suspend and reinstate. */
/**
 * What the admin console is built from (compose.ts): a suspension closes the user's sockets and both change what search
 * lists; a retried job runs on the app's clock.
 */
export interface AdminUsersNeeds {
  realtime: Pick<Realtime, 'revalidate'>;
  guideSearch: Pick<GuideSearch, 'sync'>;
  now: () => Date;
}

export class AdminUsersService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: AdminUsersNeeds,
  ) {}

  private get db(): Database {
    return this.app.ctx.database.db;
  }

  async list(q: z.output<typeof adminUserQuerySchema>) {
    const { rows, total } = await repo.listUsers(this.db, q.q || undefined, q.page, ADMIN_USERS_PAGE_SIZE);
    return { users: rows.map(summaryOf), total, page: q.page, limit: ADMIN_USERS_PAGE_SIZE };
  }

  async get(id: number) {
    const row = await repo.userWithGuide(this.db, id);
    if (!row) throw notFound('User');
    const list = await repo.bookingsOfUser(this.db, id, row.guide?.id);
    return {
      user: { ...summaryOf(row.user), guide: row.guide },
      bookings: list.map((b) => ({
        ...repo.toSummary(b),
        role: b.traveler.id === id ? ('traveler' as const) : ('guide' as const),
      })),
    };
  }

  /**
   * Suspends an account: it cannot log in, every session ends at once (open sockets close), and a
   * listed guide leaves search. One transaction with the audit entry.
   */
  async suspend(admin: AuthUser, id: number, reason: string) {
    if (id === admin.id) throw new AppError('conflict', 'You cannot suspend your own account');
    await inTransaction(this.db, async (t) => {
      const before = await repo.lockSuspension(t, id);
      if (!before) throw notFound('User');
      if (before.suspendedAt) throw new AppError('conflict', 'This account is already suspended');
      await repo.setSuspension(t, id, { suspendedAt: new Date(), suspensionReason: reason });
      await revokeAllSessions(t, id);
      // A paused listing stays paused; only a listed guide is hidden (and comes back on reinstatement).
      const hidden = await repo.moveListing(t, id, 'active', 'suspended');
      await recordAdminAction(t, {
        adminUserId: admin.id,
        action: 'user.suspend',
        entityType: 'user',
        entityId: id,
        before: { suspended: false },
        after: { suspended: true, listingHidden: hidden.length > 0 },
        note: reason,
      });
    });
    this.needs.realtime.revalidate(id);
    await this.needs.guideSearch.sync();
    return this.get(id);
  }

  async reinstate(admin: AuthUser, id: number) {
    await inTransaction(this.db, async (t) => {
      const before = await repo.lockSuspension(t, id);
      if (!before) throw notFound('User');
      if (!before.suspendedAt) throw new AppError('conflict', 'This account is not suspended');
      await repo.setSuspension(t, id, { suspendedAt: null, suspensionReason: null });
      const listed = await repo.moveListing(t, id, 'suspended', 'active');
      await recordAdminAction(t, {
        adminUserId: admin.id,
        action: 'user.reinstate',
        entityType: 'user',
        entityId: id,
        before: { suspended: true, reason: before.reason },
        after: { suspended: false, listingShown: listed.length > 0 },
      });
    });
    await this.needs.guideSearch.sync();
    return this.get(id);
  }

  async failedJobs(q: { before?: number; limit: number }) {
    const rows = await failedJobs(this.db, { before: q.before, limit: q.limit + 1 });
    const page = rows.slice(0, q.limit);
    return {
      jobs: page.map((j) => ({
        id: j.id,
        kind: j.kind,
        payload: j.payload,
        attempts: j.attempts,
        lastError: j.lastError,
        runAt: j.runAt.toISOString(),
        failedAt: j.updatedAt.toISOString(),
      })),
      nextBefore: rows.length > q.limit ? page[page.length - 1]!.id : null,
    };
  }

  /** Queues a dead letter again (after the cause was fixed), with its audit entry. */
  async retryJob(admin: AuthUser, id: number) {
    const retried = await auditedChange(
      this.db,
      (db) => retryFailedJob(db, id, this.needs.now()),
      (job) => ({
        adminUserId: admin.id,
        action: 'job.retry',
        entityType: 'job',
        entityId: id,
        before: { status: 'failed', kind: job.kind, lastError: job.lastError },
        after: { status: 'queued' },
      }),
    );
    if (!retried) throw notFound('Failed job');
    return { id, status: 'queued' as const };
  }

  async findBookings(number: string) {
    return { bookings: (await repo.bookingsByNumber(this.db, number)).map(repo.toSummary) };
  }

  /**
   * A booking with its timeline (from its own timestamps, payments, extensions, disputes and admin actions) and ledger.
   */
  async booking(id: number) {
    const found = await repo.bookingDetail(this.db, id);
    if (!found) throw notFound('Booking');
    const b = found.summary.booking;
    const events: { at: Date; event: string; detail: Record<string, unknown> }[] = [];
    const add = (at: Date | null | undefined, event: string, detail: Record<string, unknown> = {}) =>
      at && events.push({ at, event, detail });
    add(b.createdAt, 'created', { travelers: b.travelers, totalPriceCents: b.totalPriceCents });
    add(b.paidAt, 'paid', { depositCents: b.depositCents });
    add(b.acceptedAt, 'accepted');
    // A payment's amounts are in its own currency, the charge's, which may not be the booking's (decision 164).
    for (const p of found.paymentRows)
      add(p.createdAt, 'payment', {
        id: p.id,
        kind: p.kind,
        method: p.method,
        status: p.status,
        amountCents: p.amountCents,
        refundedCents: p.refundedCents,
        currency: p.currency,
      });
    for (const e of found.extensionRows)
      add(e.requestedAt, 'extension', { id: e.id, minutes: e.minutes, priceCents: e.priceCents, status: e.status });
    for (const d of found.disputeRows) {
      add(d.createdAt, 'dispute_opened', { id: d.id, side: d.openedSide, reason: d.reason });
      add(d.resolvedAt, 'dispute_resolved', { id: d.id, resolution: d.resolution, refundCents: d.refundCents });
    }
    // The typhoon rule's evidence (decision 093): every check of the tour's JMA area, warning or not.
    for (const c of await weatherChecksOf(this.db, id)) {
      add(c.checkedAt, 'weather', {
        checkpoint: c.checkpoint,
        inForce: c.inForce,
        kind: c.kind,
        warning: c.name,
        area: c.areaCode,
        issuedAt: c.issuedAt?.toISOString() ?? null,
        source: c.source,
      });
    }
    add(b.cancelledAt, 'cancelled', {
      by: b.cancelledBy,
      reason: b.cancelReason,
      weather: b.cancelledAt && b.weatherWarning ? b.weatherWarning.name : null,
    });
    add(b.completedAt, 'completed');
    for (const a of found.auditRows)
      add(a.entry.createdAt, 'admin', { action: a.entry.action, admin: a.username, note: a.entry.note });
    events.sort((x, y) => x.at.getTime() - y.at.getTime());
    const entries = await ledgerOf(this.db, id);
    return {
      booking: {
        ...repo.toSummary(found.summary),
        durationMinutes: b.durationMinutes,
        // Every day of a booking of several days (decision 154), as the booking's own view lists them.
        schedule: tourDays(b).map((d) => ({
          date: d.date,
          startsAt: d.startsAt.toISOString(),
          endsAt: d.endsAt.toISOString(),
        })),
        travelers: b.travelers,
        timeZone: b.timeZone,
        meetingAddress: b.meetingAddress,
        cancelledBy: b.cancelledBy,
        cancelReason: b.cancelReason,
      },
      timeline: events.map((e) => ({ ...e, at: e.at.toISOString() })),
      ledger: {
        entries: entries.map((e) => ({
          id: e.id,
          account: e.account,
          kind: e.kind,
          amountCents: e.amountCents,
          currency: e.currency,
          createdAt: e.createdAt.toISOString(),
        })),
        total: ledgerBalance(entries, b.currency).total,
      },
    };
  }
}
