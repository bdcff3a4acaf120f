import { IDENTITY_FILE_MAX_BYTES, type IdentityFileKind } from '../../../shared/schemas/identity';
import { ApiError } from '../../lib/api-client';

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** What the file inputs offer; the server checks again by content. */
export const ACCEPT: Record<IdentityFileKind, string> = {
  document: 'image/jpeg,image/png,image/gif,image/webp,application/pdf,.jpg,.jpeg,.png,.gif,.webp,.pdf',
  selfie: 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp',
};

function guessType(name: string): string {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'pdf' ? 'application/pdf' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext ? `image/${ext}` : '';
}

/** A first check in the browser: declared type and size. Returns the `identity:errors.*` key, or undefined. */
export function checkIdentityFile(
  kind: IdentityFileKind,
  file: Pick<File, 'type' | 'size' | 'name'>,
): string | undefined {
  const type = file.type || guessType(file.name);
  const allowed = kind === 'selfie' ? IMAGE_TYPES : [...IMAGE_TYPES, 'application/pdf'];
  if (!allowed.includes(type)) return kind === 'selfie' ? 'errors.selfieType' : 'errors.type';
  if (file.size === 0) return 'errors.empty';
  if (file.size > IDENTITY_FILE_MAX_BYTES) return 'errors.size';
  return undefined;
}

/** The `identity:errors.*` key of a failed request, by the server's stable code. */
export function identityErrorKey(err: unknown, kind?: IdentityFileKind): string {
  if (!(err instanceof ApiError)) return 'errors.failed';
  switch (err.code) {
    case 'invalid_file_type':
      return kind === 'selfie' ? 'errors.selfieType' : 'errors.type';
    case 'payload_too_large':
      return 'errors.size';
    case 'validation_failed':
      return kind ? 'errors.empty' : 'errors.incomplete';
    case 'rate_limited':
      return 'errors.rateLimited';
    case 'storage_unavailable':
      return 'errors.storageUnavailable';
    case 'consent_required':
      return 'errors.consentRequired';
    case 'invalid_transition':
    case 'conflict':
      return 'errors.locked';
    default:
      return 'errors.failed';
  }
}
