import { cleanDisplayText } from '../../../shared/display-text';
import { computeGuideStatus } from '../../../shared/rules/guide-status';
import {
  APPLICATION_MESSAGES,
  APPLICATION_MIN_AGE,
  DOCUMENT_MAX_FILES,
  EDITABLE_STATUSES,
  missingFields,
  type ApplicationData,
  type ApplicationStatusReply,
  type GuideApplication,
} from '../../../shared/schemas/guide-applications';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { AuthUser } from '../auth/index';
import type { GuideSearch } from '../guides/index';
import { assertPublicTexts } from '../licences/index';
import type { NotificationsService } from '../notifications/index';
import type { JobRunner } from '../../jobs/index';
import type { FileStorage, StoredFile } from '../../storage/index';
import { displayFileName, storePrivateDocument } from '../../storage/private-document';
import * as repo from './guide-applications.repository';
import type { ApplicationRow, DocumentRow } from './guide-applications.repository';
import { licenceProblems } from './application-licence';
import { applicationView, iso, publishedTexts } from './application-view';

/** Private: /uploads/ never serves a private-… folder. */
export const DOCUMENT_FOLDER = 'private-guide-applications';
const DOCUMENT_BOX = { width: 2400, height: 2400 };

/**
 * What applications are built from (compose.ts): the private documents, the search index an approval lists the guide
 * in, and the outbox for the notices.
 */
export interface GuideApplicationsNeeds {
  storage: FileStorage;
  guideSearch: Pick<GuideSearch, 'sync'>;
  notifications: Pick<NotificationsService, 'enqueue'>;
  jobs: Pick<JobRunner, 'soon'>;
}

/** The applicant's own application (the admin's review is ApplicationReviewService). */
export class GuideApplicationsService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: GuideApplicationsNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  /** The applicant's own application, with the protected titles its saved texts hold (decision 171). */
  private view(row: ApplicationRow | undefined): Promise<GuideApplication> {
    return applicationView(this.db, row);
  }

  async draft(user: AuthUser): Promise<GuideApplication> {
    return this.view(await repo.applicationOfUser(this.db, user.id));
  }

  private async editable(user: AuthUser): Promise<ApplicationRow> {
    if (user.isGuide) throw new AppError('conflict', 'You are already a guide');
    const row = await repo.ensureApplication(this.db, user.id);
    if (!EDITABLE_STATUSES.includes(row.status))
      throw new AppError('invalid_transition', 'The application is being reviewed and cannot be changed now');
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

  async upload(
    user: AuthUser,
    read: () => Promise<{ data: Buffer; fileName?: string; fields: Record<string, string> }>,
  ): Promise<GuideApplication> {
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
      return repo.insertDocument(tx, {
        applicationId: row.id,
        storageKey: stored.key,
        contentType: stored.type,
        sizeBytes: stored.size,
        fileName: displayFileName(fileName, 'qualification'),
        description,
      });
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
    if (data.age !== undefined && data.age < APPLICATION_MIN_AGE)
      fields.push({ path: 'data.age', message: APPLICATION_MESSAGES.minAge });
    if (data.minPeople !== undefined && data.maxPeople !== undefined && data.maxPeople < data.minPeople) {
      fields.push({ path: 'data.maxPeople', message: 'At least the minimum number of people' });
    }
    if (
      data.minDurationHours !== undefined &&
      data.maxDurationHours !== undefined &&
      data.maxDurationHours < data.minDurationHours
    ) {
      fields.push({ path: 'data.maxDurationHours', message: 'At least the minimum duration' });
    }
    fields.push(...licenceProblems(data, docs));
    if (data.subcategoryIds?.length) {
      const known = await repo.knownSubcategories(this.db, data.subcategoryIds);
      if (known.length !== new Set(data.subcategoryIds).size)
        fields.push({ path: 'data.subcategoryIds', message: 'Unknown service' });
    }
    if (!declaration)
      throw new AppError('declaration_required', APPLICATION_MESSAGES.declaration, [
        { path: 'body.declaration', message: APPLICATION_MESSAGES.declaration },
        ...fields,
      ]);
    if (missing.length || fields.some((f) => f.message === 'Required'))
      throw new AppError('application_incomplete', APPLICATION_MESSAGES.incomplete, fields);
    if (data.age !== undefined && data.age < APPLICATION_MIN_AGE)
      throw new AppError('age_below_minimum', APPLICATION_MESSAGES.minAge, fields);
    if (fields.length) throw new AppError('validation_failed', 'Some answers are not valid', fields);
    // What approval publishes may use only the protected titles the declared licence covers, and no contact details.
    await assertPublicTexts(this.db, user.id, publishedTexts(data, docs), {
      applying: { declared: data.licence?.kind ?? null },
    });
    const now = new Date();
    // The application's 氏名 is the account's name, the one other people see (application-name.test.ts):
    // submitting writes it there in the same transaction, so the team reviews the name travelers will read.
    const saved = await this.db.transaction(async (tx) => {
      const next = await repo.transition(tx, row.id, ['draft'], {
        status: 'submitted',
        submittedAt: now,
        declarationAcceptedAt: now,
        reviewNote: null,
        reviewedAt: null,
        reviewedBy: null,
      });
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
}
