/**
 * A verification as the API shows it: its state, its files with their authorized URLs (the owner's or
 * an admin's), and the stored file such a URL serves.
 */
import {
  IDENTITY_EDITABLE_STATUSES,
  IDENTITY_FILE_MAX_BYTES,
  type IdentityFile,
  type IdentityFileKind,
  type IdentityVerification,
} from '../../../shared/schemas/identity';
import { notFound } from '../../lib/app-error';
import type { FileStorage, StoredFile } from '../../storage/index';
import type { VerificationRow } from './identity.repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The owner's authorized file URL (bearer token of the owner); `v` changes when the file is replaced. */
export const ownFileUrl = (kind: IdentityFileKind, uploadedAt: Date) =>
  `/api/v2/identity-verification/files/${kind}?v=${uploadedAt.getTime()}`;
/** The admin's authorized file URL (bearer token of an admin). */
export const adminFileUrl = (id: number, kind: IdentityFileKind) => `/api/admin/identity/${id}/files/${kind}`;

function fileOf(
  row: VerificationRow,
  kind: IdentityFileKind,
  url: (kind: IdentityFileKind, at: Date) => string,
): IdentityFile | null {
  const key = kind === 'document' ? row.documentKey : row.selfieKey;
  const type = kind === 'document' ? row.documentType : row.selfieType;
  const size = kind === 'document' ? row.documentSize : row.selfieSize;
  const at = kind === 'document' ? row.documentUploadedAt : row.selfieUploadedAt;
  if (!key || !type || !size || !at) return null;
  return { kind, contentType: type, sizeBytes: size, uploadedAt: at.toISOString(), fileUrl: url(kind, at) };
}

export function toVerification(
  row: VerificationRow | undefined,
  identityVerified: boolean,
  url: (kind: IdentityFileKind, at: Date) => string,
): IdentityVerification {
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

/** The stored document or selfie of a verification (nothing uploaded, or gone from the store: 404). */
export async function storedFile(
  storage: FileStorage,
  row: VerificationRow | undefined,
  kind: IdentityFileKind,
): Promise<{ file: StoredFile; contentType: string }> {
  const key = kind === 'document' ? row?.documentKey : row?.selfieKey;
  const contentType = kind === 'document' ? row?.documentType : row?.selfieType;
  if (!key || !contentType) throw notFound('File');
  const file = await storage.get(key);
  if (!file) throw notFound('File');
  return { file, contentType };
}
