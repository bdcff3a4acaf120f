/**
 * The admin's review of identity verifications (decision 071): the list, one verification and its
 * files, and the decisions (approve, reject, ask for changes), each audited with its notice and, once
 * decided, the files' removal (decision 136) written in its transaction.
 */
import type { AdminIdentityVerification, IdentityFileKind, IdentityStatus } from '../../../shared/schemas/identity';
import type { Database } from '../../db/client';
import { enqueueJob, type ClaimedJob } from '../../jobs/index';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { auditedChange } from '../audit/index';
import type { AuthUser } from '../auth/index';
import type { CreateSystemMessage } from '../notifications/index';
import * as repo from './identity.repository';
import type { VerificationRow } from './identity.repository';
import type { IdentityNeeds } from './identity.service';
import { approvedMail, identityTexts, rejectedMail } from './texts';
import { adminFileUrl, storedFile, toVerification } from './verification-view';

/**
 * Removes a decided verification's files from storage (decision 136); retried by the runner until the store answers.
 */
export const IDENTITY_DISCARD_JOB = 'identity.discard_files';

export class IdentityReviewService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: IdentityNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  private async forAdmin(row: VerificationRow): Promise<AdminIdentityVerification> {
    const who = await repo.person(this.db, row.userId);
    return {
      ...toVerification(row, who?.identityVerified ?? false, (kind) => adminFileUrl(row.id, kind)),
      id: row.id,
      userId: row.userId,
      username: who?.username ?? '',
      fullName: who?.fullName ?? '',
      email: who?.email ?? '',
    };
  }

  async list(q: { status?: IdentityStatus; page: number; limit: number }) {
    const { rows, total } = await repo.listForAdmin(this.db, q);
    const data = rows.map((r) => ({
      ...toVerification(r.row, r.identityVerified, (kind) => adminFileUrl(r.row.id, kind)),
      id: r.row.id,
      userId: r.row.userId,
      username: r.username,
      fullName: r.fullName,
      email: r.email,
    }));
    return { data, total, page: q.page, limit: q.limit };
  }

  /** A verification that was submitted at least once (drafts stay private: 404). */
  private async reviewable(id: number): Promise<VerificationRow> {
    const row = await repo.verificationById(this.db, id);
    if (!row || row.status === 'draft') throw notFound('Identity verification');
    return row;
  }

  async get(id: number) {
    return this.forAdmin(await this.reviewable(id));
  }

  async adminFile(id: number, kind: IdentityFileKind) {
    return storedFile(this.needs.storage, await this.reviewable(id), kind);
  }

  private async awaiting(id: number): Promise<VerificationRow> {
    const row = await this.reviewable(id);
    if (row.status !== 'submitted')
      throw new AppError('invalid_transition', `The verification is ${row.status.replace('_', ' ')}`);
    return row;
  }

  async approve(admin: AuthUser, id: number) {
    const row = await this.awaiting(id);
    const link = `${this.app.ctx.config.appUrl}/verify-identity`;
    const saved = await this.audited(
      admin,
      row,
      'approve',
      null,
      (db) => repo.approve(db, row.id, admin.id),
      async (db, s) => {
        const who = await repo.person(db, s.userId);
        return this.notice(
          s.userId,
          identityTexts.approved(),
          s.id,
          `identity:${s.id}:approved:${s.reviewedAt?.getTime()}`,
          false,
          (locale) => ({
            ...approvedMail({ locale, name: who?.fullName ?? '', link }),
            template: 'identity_approved',
          }),
        );
      },
    );
    if (!saved) throw new AppError('invalid_transition', 'The verification is no longer awaiting a decision');
    return this.forAdmin(saved);
  }

  async reject(admin: AuthUser, id: number, reason: string) {
    const row = await this.awaiting(id);
    const link = `${this.app.ctx.config.appUrl}/verify-identity`;
    const result = await this.audited(
      admin,
      row,
      'reject',
      reason,
      (db) =>
        repo.update(db, row.id, ['submitted'], {
          status: 'rejected',
          reviewNote: reason,
          reviewedAt: new Date(),
          reviewedBy: admin.id,
          ...repo.FILES_FORGOTTEN,
        }),
      async (db, { row: s }) => {
        const who = await repo.person(db, s.userId);
        return this.notice(
          s.userId,
          identityTexts.rejected(reason),
          s.id,
          `identity:${s.id}:rejected:${s.reviewedAt?.getTime()}`,
          true,
          (locale) => ({
            ...rejectedMail({ locale, name: who?.fullName ?? '', reason, link }),
            template: 'identity_rejected',
          }),
        );
      },
    );
    if (!result) throw new AppError('invalid_transition', 'The verification is no longer awaiting a decision');
    const saved = result.row;
    return this.forAdmin(saved);
  }

  async requestChanges(admin: AuthUser, id: number, note: string) {
    const row = await this.awaiting(id);
    const result = await this.audited(
      admin,
      row,
      'request_changes',
      note,
      (db) =>
        repo.update(db, row.id, ['submitted'], {
          status: 'changes_requested',
          reviewNote: note,
          reviewedAt: new Date(),
          reviewedBy: admin.id,
        }),
      async (_db, { row: s }) =>
        this.notice(
          s.userId,
          identityTexts.changesRequested(note),
          s.id,
          `identity:${s.id}:changes:${s.reviewedAt?.getTime()}`,
        ),
    );
    if (!result) throw new AppError('invalid_transition', 'The verification is no longer awaiting a decision');
    const saved = result.row;
    return this.forAdmin(saved);
  }

  /** Runs an admin decision with its audit entry; undefined when the verification had moved on. */
  private async audited<T>(
    admin: AuthUser,
    row: VerificationRow,
    verb: string,
    note: string | null,
    change: (db: Database) => Promise<T | undefined>,
    notices?: (db: Database, result: T) => Promise<CreateSystemMessage[]>,
  ): Promise<T | undefined> {
    // The notice is written with the decision (the outbox, decision 085) and created after the commit.
    let job: number | undefined;
    let discard: number | undefined;
    const withNotices = async (db: Database) => {
      const result = await change(db);
      if (result !== undefined && notices) job = await this.needs.notifications.enqueue(db, await notices(db, result));
      // A decision keeps the result, not the images (decision 136).
      if (result !== undefined && (verb === 'approve' || verb === 'reject')) discard = await this.forgetFiles(db, row);
      return result;
    };
    const out = await auditedChange(this.db, withNotices, () => ({
      adminUserId: admin.id,
      action: `identity_verification.${verb}`,
      entityType: 'identity_verification',
      entityId: row.id,
      before: { status: row.status },
      after: {
        status: verb === 'approve' ? 'approved' : verb === 'reject' ? 'rejected' : 'changes_requested',
        identityVerified: verb === 'approve',
      },
      note,
    }));
    this.needs.jobs.soon([job, discard]);
    return out;
  }

  /** The decided row's files, removed after the commit by a job written in the decision's transaction. */
  private async forgetFiles(db: Database, row: VerificationRow): Promise<number | undefined> {
    const keys = [row.documentKey, row.selfieKey].filter((k): k is string => !!k);
    if (!keys.length) return undefined;
    return enqueueJob(db, {
      kind: IDENTITY_DISCARD_JOB,
      payload: { keys },
      runAt: new Date(),
      dedupeKey: `${IDENTITY_DISCARD_JOB}:${row.id}:${keys.join(',')}`,
    });
  }

  /**
   * The job: each key deleted (a missing file is already gone); a store that is down fails the job, which is retried.
   */
  async discardFiles(job: ClaimedJob): Promise<void> {
    const keys = (job.payload as { keys?: unknown }).keys;
    if (!Array.isArray(keys)) return;
    for (const key of keys) if (typeof key === 'string') await this.needs.storage.delete(key);
  }

  private notice(
    userId: number,
    text: ReturnType<typeof identityTexts.approved>,
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
        actionUrl: '/verify-identity',
        related: { type: 'identity_verification', id },
        dedupeKey,
        showContactSupport: support,
        mail,
      },
    ];
  }
}
