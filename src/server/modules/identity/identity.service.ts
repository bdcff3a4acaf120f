import { fileTypeFromBuffer } from 'file-type';
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_EDITABLE_STATUSES,
  IDENTITY_FILE_MAX_BYTES,
  IDENTITY_MESSAGES,
  type AdminIdentityVerification,
  type IdentityDocumentKind,
  type IdentityFile,
  type IdentityFileKind,
  type IdentityStatus,
  type IdentityVerification,
} from '../../../shared/schemas/identity';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { auditedChange } from '../audit/index';
import type { AuthUser } from '../auth/index';
import type { ConsentBook } from '../legal/index';
import type { CreateSystemMessage, NotificationsService } from '../notifications/index';
import { enqueueJob, type ClaimedJob, type JobRunner } from '../../jobs/index';
import type { FileStorage, StoredFile } from '../../storage/index';
import { storePrivateDocument, type StoredDocument } from '../../storage/private-document';
import * as repo from './identity.repository';
import type { VerificationRow } from './identity.repository';
import { approvedMail, identityTexts, rejectedMail } from './texts';

/** Private: /uploads/ never serves a private-… folder. */
export const IDENTITY_FOLDER = 'private-identity';
/** Large enough to read the document's small print, small enough to keep a phone photo reasonable. */
const IMAGE_BOX = { width: 2400, height: 2400 };
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The owner's authorized file URL (bearer token of the owner); `v` changes when the file is replaced. */
export const ownFileUrl = (kind: IdentityFileKind, uploadedAt: Date) => `/api/v2/identity-verification/files/${kind}?v=${uploadedAt.getTime()}`;
/** The admin's authorized file URL (bearer token of an admin). */
export const adminFileUrl = (id: number, kind: IdentityFileKind) => `/api/admin/identity/${id}/files/${kind}`;

function fileOf(row: VerificationRow, kind: IdentityFileKind, url: (kind: IdentityFileKind, at: Date) => string): IdentityFile | null {
  const key = kind === 'document' ? row.documentKey : row.selfieKey;
  const type = kind === 'document' ? row.documentType : row.selfieType;
  const size = kind === 'document' ? row.documentSize : row.selfieSize;
  const at = kind === 'document' ? row.documentUploadedAt : row.selfieUploadedAt;
  if (!key || !type || !size || !at) return null;
  return { kind, contentType: type, sizeBytes: size, uploadedAt: at.toISOString(), fileUrl: url(kind, at) };
}

export function toVerification(row: VerificationRow | undefined, identityVerified: boolean, url: (kind: IdentityFileKind, at: Date) => string): IdentityVerification {
  return {
    id: row?.id ?? null,
    status: row?.status ?? 'none',
    documentKind: row?.documentKind ?? null,
    document: row ? fileOf(row, 'document', url) : null,
    selfie: row ? fileOf(row, 'selfie', url) : null,
    editable: !identityVerified && (!row || IDENTITY_EDITABLE_STATUSES.includes(row.status)),
    reviewNote: row?.reviewNote ?? null,
    submittedAt: iso(row?.submittedAt),
    reviewedAt: iso(row?.reviewedAt),
    updatedAt: iso(row?.updatedAt),
    identityVerified,
    maxBytes: IDENTITY_FILE_MAX_BYTES,
  };
}

type Upload = { data: Buffer; fileName?: string };

/**
 * What identity checks are built from (compose.ts): the private files, the outbox for the decision's
 * notices, and the legal module's check of the sensitive-data consent (decision 131).
 */
export interface IdentityNeeds {
  storage: FileStorage;
  consents: Pick<ConsentBook, 'require'>;
  notifications: Pick<NotificationsService, 'enqueue'>;
  jobs: Pick<JobRunner, 'soon'>;
}

/** Removes a decided verification's files from storage (decision 136); retried by the runner until the store answers. */
export const IDENTITY_DISCARD_JOB = 'identity.discard_files';

export class IdentityService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: IdentityNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  private async verified(userId: number): Promise<boolean> {
    return (await repo.person(this.db, userId))?.identityVerified ?? false;
  }

  async status(user: AuthUser): Promise<IdentityVerification> {
    const [row, verified] = await Promise.all([repo.verificationOfUser(this.db, user.id), this.verified(user.id)]);
    return toVerification(row, verified, ownFileUrl);
  }

  /**
   * Checked before the body is read: an already verified user, or one whose files are being reviewed,
   * cannot upload or submit; nor can one without the current sensitive-data consent, which PIPL asks
   * for separately before ID documents and face photos are processed (403 consent_required, decision 131).
   */
  private async editable(user: AuthUser): Promise<VerificationRow> {
    if (await this.verified(user.id)) throw new AppError('conflict', 'Your identity is already verified');
    await this.needs.consents.require(this.db, user.id, 'sensitive_data');
    const row = await repo.ensureVerification(this.db, user.id);
    if (!IDENTITY_EDITABLE_STATUSES.includes(row.status)) throw new AppError('invalid_transition', 'Your verification is being reviewed and cannot be changed now');
    return row;
  }

  /** Stores one file (typed by content); a selfie must be an image. The error names the field. */
  private async store(kind: IdentityFileKind, upload: Upload): Promise<StoredDocument> {
    const path = `body.${kind}`;
    if (kind === 'selfie' && upload.data.length > 0) {
      const detected = await fileTypeFromBuffer(upload.data);
      if (!detected || !IMAGE_TYPES.has(detected.mime)) throw new AppError('invalid_file_type', IDENTITY_MESSAGES.selfieImageOnly, [{ path, message: IDENTITY_MESSAGES.selfieImageOnly }]);
    }
    try {
      return await storePrivateDocument(this.needs.storage, IDENTITY_FOLDER, upload.data, IMAGE_BOX);
    } catch (err) {
      if (err instanceof AppError && err.fields) throw new AppError(err.code, err.message, err.fields.map((f) => ({ ...f, path })));
      throw err;
    }
  }

  /**
   * Uploads the ID document and/or the selfie (each replaces the previous one) and optionally the
   * document kind. Allowed while a draft, rejected or with changes requested.
   */
  async upload(user: AuthUser, read: () => Promise<{ files: Partial<Record<IdentityFileKind, Upload>>; fields: Record<string, string> }>): Promise<IdentityVerification> {
    const row = await this.editable(user);
    const { files, fields } = await read();
    const kindField = fields.documentKind?.trim();
    let documentKind: IdentityDocumentKind | undefined;
    if (kindField) {
      if (!(IDENTITY_DOCUMENT_KINDS as readonly string[]).includes(kindField)) {
        throw new AppError('validation_failed', 'Unknown document type', [{ path: 'body.documentKind', message: `One of ${IDENTITY_DOCUMENT_KINDS.join(', ')}` }]);
      }
      documentKind = kindField as IdentityDocumentKind;
    }
    if (!files.document && !files.selfie && !documentKind) {
      throw new AppError('validation_failed', 'No file in the upload: send "document", "selfie" or both', [{ path: 'body.document', message: 'Required' }]);
    }
    const stored: StoredDocument[] = [];
    const set: Partial<VerificationRow> = {};
    const now = new Date();
    try {
      if (files.document) {
        const doc = await this.store('document', files.document);
        stored.push(doc);
        Object.assign(set, { documentKey: doc.key, documentType: doc.type, documentSize: doc.size, documentUploadedAt: now });
      }
      if (files.selfie) {
        const selfie = await this.store('selfie', files.selfie);
        stored.push(selfie);
        Object.assign(set, { selfieKey: selfie.key, selfieType: 'image/webp', selfieSize: selfie.size, selfieUploadedAt: now });
      }
    } catch (err) {
      await this.discard(stored.map((s) => s.key));
      throw err;
    }
    if (documentKind) set.documentKind = documentKind;
    // Checked again after the (slow) re-encode: the user may have submitted from another tab meanwhile.
    const result = await repo.update(this.db, row.id, IDENTITY_EDITABLE_STATUSES, set);
    if (!result) {
      await this.discard(stored.map((s) => s.key));
      throw new AppError('invalid_transition', 'Your verification is being reviewed and cannot be changed now');
    }
    // The replaced files are gone for good.
    await this.discard([files.document ? result.before.documentKey : null, files.selfie ? result.before.selfieKey : null]);
    return toVerification(result.row, false, ownFileUrl);
  }

  private async discard(keys: (string | null | undefined)[]) {
    for (const key of keys) {
      if (!key) continue;
      try {
        await this.needs.storage.delete(key);
      } catch (err) {
        this.app.log.warn({ err, key }, 'identity file could not be deleted');
      }
    }
  }

  async submit(user: AuthUser, documentKind: IdentityDocumentKind | undefined): Promise<IdentityVerification> {
    const row = await this.editable(user);
    const kind = documentKind ?? row.documentKind;
    const fields = [];
    if (!kind) fields.push({ path: 'body.documentKind', message: 'Required' });
    if (!row.documentKey) fields.push({ path: 'document', message: 'Required' });
    if (!row.selfieKey) fields.push({ path: 'selfie', message: 'Required' });
    if (fields.length) throw new AppError('validation_failed', IDENTITY_MESSAGES.incomplete, fields);
    const result = await repo.update(this.db, row.id, IDENTITY_EDITABLE_STATUSES, {
      status: 'submitted',
      documentKind: kind,
      submittedAt: new Date(),
      reviewNote: null,
      reviewedAt: null,
      reviewedBy: null,
    });
    if (!result) throw new AppError('invalid_transition', 'Your verification was already submitted');
    return toVerification(result.row, false, ownFileUrl);
  }

  /** The caller's own file (nothing uploaded: 404). */
  async ownFile(user: AuthUser, kind: IdentityFileKind) {
    const row = await repo.verificationOfUser(this.db, user.id);
    return this.fileFor(row, kind);
  }

  private async fileFor(row: VerificationRow | undefined, kind: IdentityFileKind): Promise<{ file: StoredFile; contentType: string }> {
    const key = kind === 'document' ? row?.documentKey : row?.selfieKey;
    const contentType = kind === 'document' ? row?.documentType : row?.selfieType;
    if (!key || !contentType) throw notFound('File');
    const file = await this.needs.storage.get(key);
    if (!file) throw notFound('File');
    return { file, contentType };
  }

  // ---- admin review ----

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
    return this.fileFor(await this.reviewable(id), kind);
  }

  private async awaiting(id: number): Promise<VerificationRow> {
    const row = await this.reviewable(id);
    if (row.status !== 'submitted') throw new AppError('invalid_transition', `The verification is ${row.status.replace('_', ' ')}`);
    return row;
  }

  async approve(admin: AuthUser, id: number) {
    const row = await this.awaiting(id);
    const link = `${this.app.ctx.config.appUrl}/verify-identity`;
    const saved = await this.audited(admin, row, 'approve', null, (db) => repo.approve(db, row.id, admin.id), async (db, s) => {
      const who = await repo.person(db, s.userId);
      return this.notice(s.userId, identityTexts.approved(), s.id, `identity:${s.id}:approved:${s.reviewedAt?.getTime()}`, false, (locale) => ({
        ...approvedMail({ locale, name: who?.fullName ?? '', link }),
        template: 'identity_approved',
      }));
    });
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
      (db) => repo.update(db, row.id, ['submitted'], { status: 'rejected', reviewNote: reason, reviewedAt: new Date(), reviewedBy: admin.id, ...repo.FILES_FORGOTTEN }),
      async (db, { row: s }) => {
        const who = await repo.person(db, s.userId);
        return this.notice(s.userId, identityTexts.rejected(reason), s.id, `identity:${s.id}:rejected:${s.reviewedAt?.getTime()}`, true, (locale) => ({
          ...rejectedMail({ locale, name: who?.fullName ?? '', reason, link }),
          template: 'identity_rejected',
        }));
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
      (db) => repo.update(db, row.id, ['submitted'], { status: 'changes_requested', reviewNote: note, reviewedAt: new Date(), reviewedBy: admin.id }),
      async (_db, { row: s }) => this.notice(s.userId, identityTexts.changesRequested(note), s.id, `identity:${s.id}:changes:${s.reviewedAt?.getTime()}`),
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
      after: { status: verb === 'approve' ? 'approved' : verb === 'reject' ? 'rejected' : 'changes_requested', identityVerified: verb === 'approve' },
      note,
    }));
    this.needs.jobs.soon([job, discard]);
    return out;
  }

  /** The decided row's files, removed after the commit by a job written in the decision's transaction. */
  private async forgetFiles(db: Database, row: VerificationRow): Promise<number | undefined> {
    const keys = [row.documentKey, row.selfieKey].filter((k): k is string => !!k);
    if (!keys.length) return undefined;
    return enqueueJob(db, { kind: IDENTITY_DISCARD_JOB, payload: { keys }, runAt: new Date(), dedupeKey: `${IDENTITY_DISCARD_JOB}:${row.id}:${keys.join(',')}` });
  }

  /** The job: each key deleted (a missing file is already gone); a store that is down fails the job, which is retried. */
  async discardFiles(job: ClaimedJob): Promise<void> {
    const keys = (job.payload as { keys?: unknown }).keys;
    if (!Array.isArray(keys)) return;
    for (const key of keys) if (typeof key === 'string') await this.needs.storage.delete(key);
  }

  private notice(userId: number, text: ReturnType<typeof identityTexts.approved>, id: number, dedupeKey: string, support = false, mail?: CreateSystemMessage['mail']): CreateSystemMessage[] {
    return [{ userId, type: 'approval', text, actionUrl: '/verify-identity', related: { type: 'identity_verification', id }, dedupeKey, showContactSupport: support, mail }];
  }
}
