import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { missingLicenceParts, type ApplicationData } from '../../../shared/schemas/guide-applications';
import type { FieldIssue } from '../../../shared/errors';
import { CREDENTIAL_FOLDER, type VerifiedLicence } from '../licences/index';
import type { FileStorage } from '../../storage/index';
import type { DocumentRow } from './guide-applications.repository';
import { AppError } from '../../lib/app-error';

/**
 * The licence an application declares (decision 171). On submit it must be whole — kind, number,
 * prefecture, languages, the region of a regional licence, and one of the uploaded documents as its
 * card — and the protected titles it covers are accepted in the answers. On approval it becomes the
 * guide's verified licence, with a copy of the card in the credentials' own private folder.
 */
export function licenceProblems(data: ApplicationData, docs: readonly Pick<DocumentRow, 'id'>[]): FieldIssue[] {
  const licence = data.licence;
  const fields = missingLicenceParts(licence).map((part) => ({ path: `data.licence.${part}`, message: 'Required' }));
  if (licence?.kind && licence.documentId && !docs.some((d) => d.id === licence.documentId)) {
    fields.push({ path: 'data.licence.documentId', message: 'Not one of the uploaded documents' });
  }
  return fields;
}

/**
 * The declared licence ready to be written by the approval, its card copied from the application's
 * document (the application's files follow their own retention; the credential keeps its own copy).
 * Undefined when no licence is declared. A declared licence whose card cannot be read is not dropped
 * in silence: the answers may carry the title it covers, so the approval stops (409) instead.
 */
export async function approvedLicence(
  storage: FileStorage,
  data: ApplicationData,
  docs: readonly DocumentRow[],
): Promise<VerifiedLicence | undefined> {
  const licence = data.licence;
  if (!licence?.kind) return undefined;
  const doc = docs.find((d) => d.id === licence.documentId);
  const stored = doc && (await storage.get(doc.storageKey));
  if (!doc || !stored || !licence.registrationNumber || !licence.prefecture) {
    throw new AppError(
      'conflict',
      'The declared licence or its card cannot be read: request changes instead of approving',
    );
  }
  const type = doc.contentType === 'application/pdf' ? 'application/pdf' : 'image/webp';
  const key = `${CREDENTIAL_FOLDER}/${randomBytes(18).toString('base64url')}.${type === 'application/pdf' ? 'pdf' : 'webp'}`;
  const bytes = await buffer(stored.stream());
  await storage.put(key, bytes, type);
  return {
    kind: licence.kind,
    region: licence.region?.trim() || null,
    registrationNumber: licence.registrationNumber.trim(),
    prefecture: licence.prefecture,
    languages: licence.languages ?? [],
    file: { key, type, size: bytes.length },
  };
}
