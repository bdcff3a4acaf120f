import path from 'node:path';
import { timeZoneForCity } from '../../../shared/cities';
import { cleanDisplayText } from '../../../shared/display-text';
import { computeGuideStatus } from '../../../shared/rules/guide-status';
import {
  APPLICATION_MESSAGES,
  APPLICATION_MIN_AGE,
  DOCUMENT_MAX_FILES,
  EDITABLE_STATUSES,
  missingFields,
  type ApplicationData,
  type ApplicationStatus,
  type ApplicationStatusReply,
  type GuideApplication,
} from '../../../shared/schemas/guide-applications';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import { auditedChange } from '../audit/index';
import type { AuthUser } from '../auth/index';
import { listingStatus, type GuideSearch } from '../guides/index';
import { assertNoProtectedTitles, protectedTitleIssues } from '../licences/index';
import type { CreateSystemMessage, NotificationsService } from '../notifications/index';
import type { JobRunner } from '../../jobs/index';
import type { FileStorage, StoredFile } from '../../storage/index';
import { storePrivateDocument } from '../../storage/private-document';
import * as repo from './guide-applications.repository';
import type { ApplicationRow, DocumentRow } from './guide-applications.repository';
import { applicationTexts, approvedMail } from './texts';
import { approvedLicence, licenceProblems } from './application-licence';

/** Private: /uploads/ never serves a private-… folder. */
export const DOCUMENT_FOLDER = 'private-guide-applications';
const DOCUMENT_BOX = { width: 2400, height: 2400 };
const AWAITING: readonly ApplicationStatus[] = ['submitted', 'under_review'];
/**
 * The answers shown about the person: the name (to the admin), and what approval copies into the
 * public listing (occupation, bio, the three descriptions; file descriptions become its
 * qualifications). The page-3 answers and the residence are for the review only (decision 099).
 */
const PUBLISHED_FIELDS = ['name', 'occupation', 'bio', 'ethicsDescription', 'boundaryDescription', 'supportiveDescription'] as const;
const publishedTexts = (data: ApplicationData, docs: readonly DocumentRow[]) => [
  ...PUBLISHED_FIELDS.map((k) => ({ path: `data.${k}`, text: data[k] })),
  ...docs.map((d, i) => ({ path: `documents.${i}.description`, text: d.description })),
];

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

function cleanFileName(name: string | undefined): string {
  const base = path.basename((name ?? '').replace(/\\/g, '/'));
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim().slice(0, 120);
  return clean || 'qualification';
}

export const documentUrl = (id: number) => `/api/v2/guide-applications/documents/${id}/file`;

export function toDocument(d: DocumentRow) {
  return {
    id: d.id,
    fileName: d.fileName,
    contentType: d.contentType,
    sizeBytes: d.sizeBytes,
    description: d.description,
    uploadedAt: d.createdAt.toISOString(),
    fileUrl: documentUrl(d.id),
  };
}

export function toApplication(row: ApplicationRow | undefined, docs: DocumentRow[]): GuideApplication {
  return {
    id: row?.id ?? null,
    status: row?.status ?? 'draft',
    data: row?.data ?? {},
    documents: docs.map(toDocument),
    maxDocuments: DOCUMENT_MAX_FILES,
    editable: !row || EDITABLE_STATUSES.includes(row.status),
    reviewNote: row?.reviewNote ?? null,
    submittedAt: iso(row?.submittedAt),
    reviewedAt: iso(row?.reviewedAt),
    updatedAt: iso(row?.updatedAt),
    guideId: row?.guideId ?? null,
    titleProblems: [],
  };
}

/** What applications are built from (compose.ts): the private documents, the search index an approval lists the guide in, and the outbox for the notices. */
export interface GuideApplicationsNeeds {
  storage: FileStorage;
  guideSearch: Pick<GuideSearch, 'sync'>;
  notifications: Pick<NotificationsService, 'enqueue'>;
  jobs: Pick<JobRunner, 'soon'>;
}

export class GuideApplicationsService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: GuideApplicationsNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  /** The applicant's own application, with the protected titles its saved texts hold (decision 171). */
  private async view(row: ApplicationRow | undefined): Promise<GuideApplication> {
    const docs = row ? await repo.documentsOf(this.db, row.id) : [];
    const application = toApplication(row, docs);
    if (!row || !application.editable) return application;
    return { ...application, titleProblems: await protectedTitleIssues(this.db, row.userId, publishedTexts(row.data, docs), row.data.licence?.kind ?? null) };
  }

  async draft(user: AuthUser): Promise<GuideApplication> {
    return this.view(await repo.applicationOfUser(this.db, user.id));
  }

  private async editable(user: AuthUser): Promise<ApplicationRow> {
    if (user.isGuide) throw new AppError('conflict', 'You are already a guide');
    const row = await repo.ensureApplication(this.db, user.id);
    if (!EDITABLE_STATUSES.includes(row.status)) throw new AppError('invalid_transition', 'The application is being reviewed and cannot be changed now');
    return row;
  }

  /**
   * Saves what the applicant typed, as typed: a protected title is not refused here but on submit,
   * where a declared licence may cover it (decision 171), so no answer is ever lost to a refused save.
   */
  async saveDraft(user: AuthUser, data: ApplicationData): Promise<GuideApplication> {
    const row = await this.editable(user);
    const saved = await repo.saveDraft(this.db, row.id, data, EDITABLE_STATUSES);
    if (!saved) throw new AppError('invalid_transition', 'The application is being reviewed and cannot be changed now');
    return this.view(saved);
  }

  async upload(user: AuthUser, read: () => Promise<{ data: Buffer; fileName?: string; fields: Record<string, string> }>): Promise<GuideApplication> {
    const row = await this.editable(user);
    if ((await repo.countDocuments(this.db, row.id)) >= DOCUMENT_MAX_FILES) {
      throw new AppError('too_many_files', `At most ${DOCUMENT_MAX_FILES} qualification files`);
    }
    const { data, fileName, fields } = await read();
    const description = cleanDisplayText(fields.description ?? '', { multiline: true }).slice(0, 500);
    const stored = await storePrivateDocument(this.needs.storage, DOCUMENT_FOLDER, data, DOCUMENT_BOX);
    // Counted again after the (slow) re-encode: two uploads at once must not pass the maximum together.
    const doc = await this.db.transaction(async (tx) => {
      await repo.lockApplication(tx, row.id);
      if ((await repo.countDocuments(tx, row.id)) >= DOCUMENT_MAX_FILES) return undefined;
      return repo.insertDocument(tx, { applicationId: row.id, storageKey: stored.key, contentType: stored.type, sizeBytes: stored.size, fileName: cleanFileName(fileName), description });
    });
    if (!doc) {
      await this.needs.storage.delete(stored.key);
      throw new AppError('too_many_files', `At most ${DOCUMENT_MAX_FILES} qualification files`);
    }
    return this.view(row);
  }

  /** The caller's own document (another user's: 404). */
  private async ownDocument(user: AuthUser, documentId: number) {
    const doc = await repo.documentById(this.db, documentId);
    if (!doc || doc.userId !== user.id) throw notFound('Document');
    return doc;
  }

  async describeDocument(user: AuthUser, documentId: number, description: string): Promise<GuideApplication> {
    await this.ownDocument(user, documentId);
    const row = await this.editable(user);
    await repo.updateDocumentDescription(this.db, documentId, description);
    return this.view(row);
  }

  async deleteDocument(user: AuthUser, documentId: number): Promise<GuideApplication> {
    const doc = await this.ownDocument(user, documentId);
    const row = await this.editable(user);
    await repo.deleteDocument(this.db, documentId);
    await this.needs.storage.delete(doc.storageKey);
    return this.view(row);
  }

  /** The file for its owner or an admin; anyone else 404. */
  async file(user: AuthUser, documentId: number): Promise<{ file: StoredFile; doc: DocumentRow }> {
    const doc = await repo.documentById(this.db, documentId);
    if (!doc || (doc.userId !== user.id && !user.isAdmin)) throw notFound('Document');
    const file = await this.needs.storage.get(doc.storageKey);
    if (!file) throw notFound('Document');
    return { file, doc };
  }

  async submit(user: AuthUser, declaration: boolean): Promise<GuideApplication> {
    const row = await this.editable(user);
    const data = row.data;
    const missing = missingFields(data);
    const docs = await repo.documentsOf(this.db, row.id);
    const fields = missing.map((k) => ({ path: `data.${k}`, message: 'Required' }));
    docs.forEach((d, i) => {
      if (!d.description.trim()) fields.push({ path: `documents.${i}.description`, message: 'Required' });
    });
    if (data.age !== undefined && data.age < APPLICATION_MIN_AGE) fields.push({ path: 'data.age', message: APPLICATION_MESSAGES.minAge });
    if (data.minPeople !== undefined && data.maxPeople !== undefined && data.maxPeople < data.minPeople) {
      fields.push({ path: 'data.maxPeople', message: 'At least the minimum number of people' });
    }
    if (data.minDurationHours !== undefined && data.maxDurationHours !== undefined && data.maxDurationHours < data.minDurationHours) {
      fields.push({ path: 'data.maxDurationHours', message: 'At least the minimum duration' });
    }
    fields.push(...licenceProblems(data, docs));
    if (data.subcategoryIds?.length) {
      const known = await repo.knownSubcategories(this.db, data.subcategoryIds);
      if (known.length !== new Set(data.subcategoryIds).size) fields.push({ path: 'data.subcategoryIds', message: 'Unknown service' });
    }
    if (!declaration) throw new AppError('declaration_required', APPLICATION_MESSAGES.declaration, [{ path: 'body.declaration', message: APPLICATION_MESSAGES.declaration }, ...fields]);
    if (missing.length || fields.some((f) => f.message === 'Required')) throw new AppError('application_incomplete', APPLICATION_MESSAGES.incomplete, fields);
    if (data.age !== undefined && data.age < APPLICATION_MIN_AGE) throw new AppError('age_below_minimum', APPLICATION_MESSAGES.minAge, fields);
    if (fields.length) throw new AppError('validation_failed', 'Some answers are not valid', fields);
    // What approval publishes may use only the protected titles the declared licence covers.
    await assertNoProtectedTitles(this.db, user.id, publishedTexts(data, docs), { declared: data.licence?.kind ?? null });
    const now = new Date();
    // The application's 氏名 is the account's name, the one other people see (application-name.test.ts):
    // submitting writes it there in the same transaction, so the team reviews the name travelers will read.
    const saved = await this.db.transaction(async (tx) => {
      const next = await repo.transition(tx, row.id, ['draft'], { status: 'submitted', submittedAt: now, declarationAcceptedAt: now, reviewNote: null, reviewedAt: null, reviewedBy: null });
      if (next && data.name) await repo.setAccountName(tx, user.id, cleanDisplayText(data.name));
      return next;
    });
    if (!saved) throw new AppError('invalid_transition', 'The application was already submitted');
    return this.view(saved);
  }

  async status(user: AuthUser): Promise<ApplicationStatusReply> {
    const row = await repo.applicationOfUser(this.db, user.id);
    return {
      status: row?.status ?? 'none',
      applicationId: row?.id ?? null,
      reviewNote: row?.reviewNote ?? null,
      submittedAt: iso(row?.submittedAt),
      reviewedAt: iso(row?.reviewedAt),
      isGuide: user.isGuide,
      guideStatus: computeGuideStatus({ isGuide: user.isGuide, application: row ? { status: row.status } : null }),
    };
  }

  // ---- admin review ----

  async list(q: { status?: ApplicationStatus; page: number; limit: number }) {
    const { rows, total } = await repo.listForAdmin(this.db, q);
    const data = await Promise.all(rows.map(async (r) => ({ ...(await this.view(r.app)), userId: r.app.userId, username: r.username, email: r.email })));
    return { data, total, page: q.page, limit: q.limit };
  }

  private async forAdmin(row: ApplicationRow) {
    const who = await repo.applicant(this.db, row.userId);
    return { ...toApplication(row, await repo.documentsOf(this.db, row.id)), userId: row.userId, username: who?.username ?? '', email: who?.email ?? '' };
  }

  private async awaiting(id: number): Promise<ApplicationRow> {
    const row = await repo.applicationById(this.db, id);
    if (!row || row.status === 'draft') throw notFound('Application');
    if (!AWAITING.includes(row.status)) throw new AppError('invalid_transition', `The application is ${row.status.replace('_', ' ')}`);
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
    const saved = await this.audited(admin, row, 'start_review', null, (db) => repo.transition(db, row.id, ['submitted'], { status: 'under_review', reviewedBy: admin.id }));
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
        return this.notice(row.userId, applicationTexts.approved(), '/guide-dashboard', row.id, `guide-application:${row.id}:approved`, false, (locale) => ({
          ...approvedMail({ locale, name: who?.fullName ?? '', link: `${this.app.ctx.config.appUrl}/guide-dashboard` }),
          template: 'guide_application_approved',
        }));
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
      (db) => repo.transition(db, row.id, AWAITING, { status: 'rejected', reviewNote: reason, reviewedAt: new Date(), reviewedBy: admin.id }),
      undefined,
      async (_db, s) => this.notice(row.userId, applicationTexts.rejected(reason), '/application-status', row.id, `guide-application:${row.id}:rejected:${s.reviewedAt?.getTime()}`, true),
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
      (db) => repo.transition(db, row.id, AWAITING, { status: 'changes_requested', reviewNote: message, reviewedAt: new Date(), reviewedBy: admin.id }),
      undefined,
      async (_db, s) => this.notice(row.userId, applicationTexts.changesRequested(message), '/become-guide', row.id, `guide-application:${row.id}:changes:${s.reviewedAt?.getTime()}`),
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

  private notice(userId: number, text: ReturnType<typeof applicationTexts.approved>, actionUrl: string, id: number, dedupeKey: string, support = false, mail?: CreateSystemMessage['mail']): CreateSystemMessage[] {
    return [{ userId, type: 'approval', text, actionUrl, related: { type: 'guide_application', id }, dedupeKey, showContactSupport: support, mail }];
  }
}
