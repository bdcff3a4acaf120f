/**
 * The admin's review of guide applications: the list, one application with the applicant's listing
 * facts, and the decisions (start the review, approve, reject, ask for changes), each audited with the
 * applicant's notice written in its transaction. Approval makes the applicant a listed guide.
 */
import { timeZoneForCity } from '../../../shared/cities';
import type { ApplicationStatus } from '../../../shared/schemas/guide-applications';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { auditedChange } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { listingStatus } from '../guides/index';
import type { CreateSystemMessage } from '../notifications/index';
import * as repo from './guide-applications.repository';
import type { ApplicationRow } from './guide-applications.repository';
import type { GuideApplicationsNeeds } from './guide-applications.service';
import { applicationTexts, approvedMail } from './texts';
import { approvedLicence } from './application-licence';
import { applicationView, toApplication } from './application-view';

const AWAITING: readonly ApplicationStatus[] = ['submitted', 'under_review'];

/** The admin's review (the applicant's side is GuideApplicationsService). */
export class ApplicationReviewService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: GuideApplicationsNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  async list(q: { status?: ApplicationStatus; page: number; limit: number }) {
    const { rows, total } = await repo.listForAdmin(this.db, q);
    const data = await Promise.all(
      rows.map(async (r) => ({
        ...(await applicationView(this.db, r.app)),
        userId: r.app.userId,
        username: r.username,
        email: r.email,
      })),
    );
    return { data, total, page: q.page, limit: q.limit };
  }

  private async forAdmin(row: ApplicationRow) {
    const who = await repo.applicant(this.db, row.userId);
    return {
      ...toApplication(row, await repo.documentsOf(this.db, row.id)),
      userId: row.userId,
      username: who?.username ?? '',
      email: who?.email ?? '',
    };
  }

  private async awaiting(id: number): Promise<ApplicationRow> {
    const row = await repo.applicationById(this.db, id);
    if (!row || row.status === 'draft') throw notFound('Application');
    if (!AWAITING.includes(row.status))
      throw new AppError('invalid_transition', `The application is ${row.status.replace('_', ' ')}`);
    return row;
  }

  /** One application, with the applicant's listing facts (decision 091): what approval alone would not fix. */
  async get(id: number) {
    const row = await repo.applicationById(this.db, id);
    if (!row || row.status === 'draft') throw notFound('Application');
    const [view, listing] = await Promise.all([this.forAdmin(row), listingStatus(this.db, row.userId)]);
    return { ...view, listing };
  }

  async startReview(admin: AuthUser, id: number) {
    const row = await this.awaiting(id);
    const saved = await this.audited(admin, row, 'start_review', null, (db) =>
      repo.transition(db, row.id, ['submitted'], { status: 'under_review', reviewedBy: admin.id }),
    );
    if (!saved) throw new AppError('invalid_transition', 'The application is already under review');
    return this.forAdmin(saved);
  }

  async approve(admin: AuthUser, id: number) {
    const row = await this.awaiting(id);
    const city = row.data.serviceCities?.[0];
    // The declared licence, verified by this approval (decision 171), with its own copy of the card.
    const licence = await approvedLicence(this.needs.storage, row.data, await repo.documentsOf(this.db, row.id));
    const guideId = await this.audited(
      admin,
      row,
      'approve',
      null,
      (db) => repo.approve(db, row, admin.id, row.data, timeZoneForCity(city), licence),
      (id) => ({ status: 'approved', guideId: id }),
      async (db) => {
        const who = await repo.applicant(db, row.userId);
        // The e-mail is the notification's own (sent when the applicant keeps e-mail on for approvals).
        return this.notice(
          row.userId,
          applicationTexts.approved(),
          '/guide-dashboard',
          row.id,
          `guide-application:${row.id}:approved`,
          false,
          (locale) => ({
            ...approvedMail({
              locale,
              name: who?.fullName ?? '',
              link: `${this.app.ctx.config.appUrl}/guide-dashboard`,
            }),
            template: 'guide_application_approved',
          }),
        );
      },
    );
    if (!guideId) {
      if (licence) await this.needs.storage.delete(licence.file.key);
      throw new AppError('invalid_transition', 'The application is no longer awaiting a decision');
    }
    // Searchable before the reply (the index follows the guides table through NOTIFY).
    await this.needs.guideSearch.sync();
    return this.forAdmin((await repo.applicationById(this.db, row.id))!);
  }

  async reject(admin: AuthUser, id: number, reason: string) {
    const row = await this.awaiting(id);
    const saved = await this.audited(
      admin,
      row,
      'reject',
      reason,
      (db) =>
        repo.transition(db, row.id, AWAITING, {
          status: 'rejected',
          reviewNote: reason,
          reviewedAt: new Date(),
          reviewedBy: admin.id,
        }),
      undefined,
      async (_db, s) =>
        this.notice(
          row.userId,
          applicationTexts.rejected(reason),
          '/application-status',
          row.id,
          `guide-application:${row.id}:rejected:${s.reviewedAt?.getTime()}`,
          true,
        ),
    );
    if (!saved) throw new AppError('invalid_transition', 'The application is no longer awaiting a decision');
    return this.forAdmin(saved);
  }

  async requestChanges(admin: AuthUser, id: number, message: string) {
    const row = await this.awaiting(id);
    const saved = await this.audited(
      admin,
      row,
      'request_changes',
      message,
      (db) =>
        repo.transition(db, row.id, AWAITING, {
          status: 'changes_requested',
          reviewNote: message,
          reviewedAt: new Date(),
          reviewedBy: admin.id,
        }),
      undefined,
      async (_db, s) =>
        this.notice(
          row.userId,
          applicationTexts.changesRequested(message),
          '/become-guide',
          row.id,
          `guide-application:${row.id}:changes:${s.reviewedAt?.getTime()}`,
        ),
    );
    if (!saved) throw new AppError('invalid_transition', 'The application is no longer awaiting a decision');
    return this.forAdmin(saved);
  }

  /** Runs an admin decision with its audit entry; undefined when the application had moved on. */
  private async audited<T>(
    admin: AuthUser,
    row: { id: number; status: string },
    verb: string,
    note: string | null,
    change: (db: Database) => Promise<T | undefined>,
    after: (result: T) => Record<string, unknown> = (r) => ({ status: (r as { status: string }).status }),
    notices?: (db: Database, result: T) => Promise<CreateSystemMessage[]>,
  ): Promise<T | undefined> {
    // The applicant's notice is written with the decision (the outbox, decision 085) and created after the commit.
    let job: number | undefined;
    const withNotices = async (db: Database) => {
      const result = await change(db);
      if (result !== undefined && notices) job = await this.needs.notifications.enqueue(db, await notices(db, result));
      return result;
    };
    const out = await auditedChange(this.db, withNotices, (result) => ({
      adminUserId: admin.id,
      action: `guide_application.${verb}`,
      entityType: 'guide_application',
      entityId: row.id,
      before: { status: row.status },
      after: after(result),
      note,
    }));
    this.needs.jobs.soon(job);
    return out;
  }

  private notice(
    userId: number,
    text: ReturnType<typeof applicationTexts.approved>,
    actionUrl: string,
    id: number,
    dedupeKey: string,
    support = false,
    mail?: CreateSystemMessage['mail'],
  ): CreateSystemMessage[] {
    return [
      {
        userId,
        type: 'approval',
        text,
        actionUrl,
        related: { type: 'guide_application', id },
        dedupeKey,
        showContactSupport: support,
        mail,
      },
    ];
  }
}
