import { fileTypeFromBuffer } from 'file-type';
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_EDITABLE_STATUSES,
  IDENTITY_MESSAGES,
  type IdentityDocumentKind,
  type IdentityFileKind,
  type IdentityVerification,
} from '../../../shared/schemas/identity';
import type { JobRunner } from '../../jobs/index';
import { AppError } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { AuthUser } from '../auth/index';
import type { ConsentBook } from '../legal/index';
import type { NotificationsService } from '../notifications/index';
import type { FileStorage } from '../../storage/index';
import { storePrivateDocument, type StoredDocument } from '../../storage/private-document';
import * as repo from './identity.repository';
import type { VerificationRow } from './identity.repository';
import { ownFileUrl, storedFile, toVerification } from './verification-view';

/** Private: /uploads/ never serves a private-… folder. */
export const IDENTITY_FOLDER = 'private-identity';
/** Large enough to read the document's small print, small enough to keep a phone photo reasonable. */
const IMAGE_BOX = { width: 2400, height: 2400 };
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

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

/** The user's own verification (the admin's review is IdentityReviewService). */
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
    if (!IDENTITY_EDITABLE_STATUSES.includes(row.status))
      throw new AppError('invalid_transition', 'Your verification is being reviewed and cannot be changed now');
    return row;
  }

  /** Stores one file (typed by content); a selfie must be an image. The error names the field. */
  private async store(kind: IdentityFileKind, upload: Upload): Promise<StoredDocument> {
    const path = `body.${kind}`;
    if (kind === 'selfie' && upload.data.length > 0) {
      const detected = await fileTypeFromBuffer(upload.data);
      if (!detected || !IMAGE_TYPES.has(detected.mime))
        throw new AppError('invalid_file_type', IDENTITY_MESSAGES.selfieImageOnly, [
          { path, message: IDENTITY_MESSAGES.selfieImageOnly },
        ]);
    }
    try {
      return await storePrivateDocument(this.needs.storage, IDENTITY_FOLDER, upload.data, IMAGE_BOX);
    } catch (err) {
      if (err instanceof AppError && err.fields)
        throw new AppError(
          err.code,
          err.message,
          err.fields.map((f) => ({ ...f, path })),
        );
      throw err;
    }
  }

  /**
   * Uploads the ID document and/or the selfie (each replaces the previous one) and optionally the
   * document kind. Allowed while a draft, rejected or with changes requested.
   */
  async upload(
    user: AuthUser,
    read: () => Promise<{ files: Partial<Record<IdentityFileKind, Upload>>; fields: Record<string, string> }>,
  ): Promise<IdentityVerification> {
    const row = await this.editable(user);
    const { files, fields } = await read();
    const kindField = fields.documentKind?.trim();
    let documentKind: IdentityDocumentKind | undefined;
    if (kindField) {
      if (!(IDENTITY_DOCUMENT_KINDS as readonly string[]).includes(kindField)) {
        throw new AppError('validation_failed', 'Unknown document type', [
          { path: 'body.documentKind', message: `One of ${IDENTITY_DOCUMENT_KINDS.join(', ')}` },
        ]);
      }
      documentKind = kindField as IdentityDocumentKind;
    }
    if (!files.document && !files.selfie && !documentKind) {
      throw new AppError('validation_failed', 'No file in the upload: send "document", "selfie" or both', [
        { path: 'body.document', message: 'Required' },
      ]);
    }
    const stored: StoredDocument[] = [];
    const set: Partial<VerificationRow> = {};
    const now = new Date();
    try {
      if (files.document) {
        const doc = await this.store('document', files.document);
        stored.push(doc);
        Object.assign(set, {
          documentKey: doc.key,
          documentType: doc.type,
          documentSize: doc.size,
          documentUploadedAt: now,
        });
      }
      if (files.selfie) {
        const selfie = await this.store('selfie', files.selfie);
        stored.push(selfie);
        Object.assign(set, {
          selfieKey: selfie.key,
          selfieType: 'image/webp',
          selfieSize: selfie.size,
          selfieUploadedAt: now,
        });
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
    await this.discard([
      files.document ? result.before.documentKey : null,
      files.selfie ? result.before.selfieKey : null,
    ]);
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
    return storedFile(this.needs.storage, row, kind);
  }
}
