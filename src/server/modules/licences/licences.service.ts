import type { z } from 'zod';
import { CREDENTIAL_FILE_MAX_BYTES, type CredentialStatus, type CredentialType } from '../../../shared/licences';
import {
  insuranceFieldsSchema,
  licenceFieldsSchema,
  type AdminCredential,
  type Credential,
  type OwnCredentials,
} from '../../../shared/schemas/licences';
import type { Database } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { AppInstance } from '../../lib/types';
import type { FileStorage, StoredFile } from '../../storage/index';
import { storePrivateDocument } from '../../storage/private-document';
import { auditedChange } from '../audit/index';
import type { AuthUser } from '../auth/index';
import type { GuideSearch } from '../guides/index';
import { DEMO_LICENCE_CARD_KEY, drawDemoCard } from './demo-card';
import { assertMayDrive, mayDriveWith } from './licence-rules';
import * as repo from './licences.repository';
import type { CredentialRow, CredentialWrite } from './licences.repository';

/** Private: /uploads/ never serves a private-… folder. */
export const CREDENTIAL_FOLDER = 'private-credentials';
/** Large enough to read a registration number on a card photo. */
const IMAGE_BOX = { width: 2400, height: 2400 };

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export const ownFileUrl = (row: CredentialRow) =>
  `/api/v2/guide/credentials/${row.type}/file?v=${row.updatedAt.getTime()}`;
export const adminFileUrl = (row: CredentialRow) => `/api/admin/credentials/${row.id}/file`;

export function toCredential(row: CredentialRow, url: (row: CredentialRow) => string): Credential {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    licenceKind: row.licenceKind ?? null,
    region: row.region,
    registrationNumber: row.registrationNumber,
    prefecture: (row.prefecture as Credential['prefecture']) ?? null,
    languages: row.languages,
    insurer: row.insurer,
    validUntil: row.validUntil,
    file: { contentType: row.fileType, sizeBytes: row.fileSize, fileUrl: url(row) },
    submittedAt: row.submittedAt.toISOString(),
    reviewedAt: iso(row.reviewedAt),
    reviewNote: row.reviewNote,
  };
}

/** The text fields of a submission, parsed by the type's schema (400 validation_failed naming the field). */
type FieldsWrite = Omit<CredentialWrite, 'fileKey' | 'fileType' | 'fileSize'>;

function parseFields(type: CredentialType, fields: Record<string, string>): FieldsWrite {
  const parse = <S extends z.ZodType>(schema: S): z.output<S> => {
    const result = schema.safeParse(fields);
    if (result.success) return result.data;
    throw new AppError(
      'validation_failed',
      'Check the highlighted fields',
      result.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
    );
  };
  if (type === 'insurance') {
    const f = parse(insuranceFieldsSchema);
    return {
      insurer: f.insurer,
      validUntil: f.validUntil,
      licenceKind: null,
      region: null,
      registrationNumber: null,
      prefecture: null,
      languages: [],
    };
  }
  const f = parse(licenceFieldsSchema);
  if (f.licenceKind === 'regional' && !f.region)
    throw new AppError('validation_failed', 'A 地域通訳案内士 licence names its region', [
      { path: 'body.region', message: 'Required' },
    ]);
  return {
    licenceKind: f.licenceKind,
    region: f.licenceKind === 'regional' ? f.region! : null,
    registrationNumber: f.registrationNumber,
    prefecture: f.prefecture,
    languages: f.languages,
    insurer: null,
    validUntil: null,
  };
}

/**
 * Licences and insurance proofs (decision 092): a guide submits each with a private file;
 * an admin verifies or rejects it (audited). Writes answer after this server's search saw them.
 */
/**
 * What licences are built from (compose.ts): the private files, and the search index a verified or withdrawn credential
 * changes.
 */
export interface LicencesNeeds {
  storage: FileStorage;
  guideSearch: Pick<GuideSearch, 'sync'>;
}

export class LicencesService {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: LicencesNeeds,
  ) {}

  private get db() {
    return this.app.ctx.database.db;
  }

  private async guide(user: AuthUser) {
    const g = await repo.guideOfUser(this.db, user.id);
    if (!g) throw new AppError('not_a_guide', 'Only guides add a licence');
    return g;
  }

  async own(user: AuthUser): Promise<OwnCredentials> {
    const g = await this.guide(user);
    const rows = await repo.credentialsOfGuide(this.db, g.id);
    const of = (type: CredentialType) => {
      const row = rows.find((r) => r.type === type);
      return row ? toCredential(row, ownFileUrl) : null;
    };
    const mayDrive = mayDriveWith(rows) && !(await repo.unsafeDrivingReportOpen(this.db, g.id));
    return {
      licence: of('licence'),
      insurance: of('insurance'),
      mayDrive,
      guideDrives: g.guideDrives,
      maxBytes: CREDENTIAL_FILE_MAX_BYTES,
    };
  }

  /** A new licence or insurance proof (replacing the previous one, which must be verified again). */
  async submit(
    user: AuthUser,
    type: CredentialType,
    read: () => Promise<{ data: Buffer; fields: Record<string, string> }>,
  ): Promise<OwnCredentials> {
    const g = await this.guide(user);
    const { data, fields } = await read();
    const write = parseFields(type, fields);
    const stored = await storePrivateDocument(this.needs.storage, CREDENTIAL_FOLDER, data, IMAGE_BOX);
    let before: CredentialRow | undefined;
    try {
      ({ before } = await repo.submit(this.db, g.id, type, {
        ...write,
        fileKey: stored.key,
        fileType: stored.type,
        fileSize: stored.size,
      }));
    } catch (err) {
      await this.discard(stored.key);
      throw err;
    }
    if (before) await this.discard(before.fileKey);
    await this.needs.guideSearch.sync();
    return this.own(user);
  }

  private async discard(key: string) {
    try {
      await this.needs.storage.delete(key);
    } catch (err) {
      this.app.log.warn({ err, key }, 'credential file could not be deleted');
    }
  }

  /** The caller's own file; nothing there (or not a guide) is 404. */
  async ownFile(user: AuthUser, type: CredentialType) {
    const g = await repo.guideOfUser(this.db, user.id);
    if (!g) throw notFound('File');
    const row = (await repo.credentialsOfGuide(this.db, g.id)).find((r) => r.type === type);
    return this.fileOf(row);
  }

  private async fileOf(row: CredentialRow | undefined): Promise<{ file: StoredFile; contentType: string }> {
    if (!row) throw notFound('File');
    let file = await this.needs.storage.get(row.fileKey);
    if (!file && row.fileKey === DEMO_LICENCE_CARD_KEY && row.licenceKind && row.registrationNumber) {
      // The demo seed has no files: its licence card is drawn from the guide's demo portrait once.
      const who = await repo.ownerOf(this.db, row.guideId);
      const card = await drawDemoCard({
        username: who?.username ?? 'guide',
        fullName: who?.fullName ?? '',
        kind: row.licenceKind,
        registrationNumber: row.registrationNumber,
      });
      await this.needs.storage.put(row.fileKey, card, 'image/webp');
      file = await this.needs.storage.get(row.fileKey);
    }
    if (!file) throw notFound('File');
    return { file, contentType: row.fileType };
  }

  /** Offer (or stop offering) to drive travelers: only with a verified licence and insurance. */
  async setGuideDrives(user: AuthUser, value: boolean): Promise<OwnCredentials> {
    const g = await this.guide(user);
    if (value) await assertMayDrive(this.db, g.id);
    await repo.setGuideDrives(this.db, g.id, value);
    await this.needs.guideSearch.sync();
    return this.own(user);
  }

  // ---- admin review ----

  private async forAdmin(row: CredentialRow): Promise<AdminCredential> {
    const who = await repo.ownerOf(this.db, row.guideId);
    return {
      ...toCredential(row, adminFileUrl),
      guideId: row.guideId,
      userId: who?.userId ?? 0,
      username: who?.username ?? '',
      fullName: who?.fullName ?? '',
    };
  }

  async list(q: { status?: CredentialStatus; type?: CredentialType; page: number; limit: number }) {
    const { rows, total } = await repo.listForAdmin(this.db, q);
    const data = rows.map((r) => ({
      ...toCredential(r.row, adminFileUrl),
      guideId: r.row.guideId,
      userId: r.userId,
      username: r.username,
      fullName: r.fullName,
    }));
    return { data, total, page: q.page, limit: q.limit };
  }

  private async found(id: number): Promise<CredentialRow> {
    const row = await repo.credentialById(this.db, id);
    if (!row) throw notFound('Credential');
    return row;
  }

  async get(id: number) {
    return this.forAdmin(await this.found(id));
  }

  async adminFile(id: number) {
    return this.fileOf(await this.found(id));
  }

  async verify(admin: AuthUser, id: number) {
    return this.decide(admin, id, 'verified', null);
  }

  async reject(admin: AuthUser, id: number, reason: string) {
    return this.decide(admin, id, 'rejected', reason);
  }

  /** The decision and its audit entry in one transaction (the guide row's mirror too). */
  private async decide(admin: AuthUser, id: number, to: 'verified' | 'rejected', note: string | null) {
    const row = await this.found(id);
    if (row.status !== 'submitted')
      throw new AppError('invalid_transition', `The ${row.type} is already ${row.status}`);
    const saved = await auditedChange(
      this.db,
      (db: Database) => repo.decide(db, id, admin.id, to, note),
      (s) => ({
        adminUserId: admin.id,
        action: `guide_credential.${to === 'verified' ? 'verify' : 'reject'}`,
        entityType: 'guide_credential',
        entityId: s.id,
        before: { status: row.status },
        after: {
          status: s.status,
          type: s.type,
          licenceKind: s.licenceKind,
          registrationNumber: s.registrationNumber,
          prefecture: s.prefecture,
        },
        note,
      }),
    );
    if (!saved) throw new AppError('invalid_transition', 'The credential is no longer awaiting a decision');
    await this.needs.guideSearch.sync();
    return this.forAdmin(saved);
  }
}
