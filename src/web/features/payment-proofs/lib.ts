import { PROOF_MAX_BYTES, PROOF_UPLOAD_TYPES } from '../../../shared/schemas/payment-proofs';
import { ApiError } from '../../lib/api-client';

/**
 * A first check in the browser (the server checks again, by content): the declared type and the size.
 * Returns the `proofs:errors.*` key of the problem, or undefined.
 */
export function checkProofFile(file: Pick<File, 'type' | 'size' | 'name'>): 'type' | 'size' | 'empty' | undefined {
  const type = file.type || guessType(file.name);
  if (!(PROOF_UPLOAD_TYPES as readonly string[]).includes(type)) return 'type';
  if (file.size === 0) return 'empty';
  if (file.size > PROOF_MAX_BYTES) return 'size';
  return undefined;
}

function guessType(name: string): string {
  const ext = name.toLowerCase().split('.').pop();
  return ext === 'pdf' ? 'application/pdf' : ext === 'jpg' || ext === 'jpeg' ? 'image/jpeg' : ext ? `image/${ext}` : '';
}

/** The `proofs:errors.*` key for a failed upload or check, by the server's stable code. */
export function proofErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors.failed';
  switch (err.code) {
    case 'invalid_file_type':
      return 'errors.type';
    case 'payload_too_large':
      return 'errors.size';
    case 'validation_failed':
      return 'errors.empty';
    case 'rate_limited':
      return 'errors.rateLimited';
    case 'storage_unavailable':
      return 'errors.storageUnavailable';
    case 'invalid_transition':
      return 'errors.notYet';
    case 'conflict':
      return 'errors.conflict';
    default:
      return 'errors.failed';
  }
}
