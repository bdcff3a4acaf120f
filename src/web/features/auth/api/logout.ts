import { apiRequest, ApiError } from '../../../lib/api-client';
import { markSessionEnding } from '../../../lib/session';

/**
 * Ends the session on the server; the local session is cleared even if the server cannot be reached.
 * Resolves to whether the server answered: `false` means no connection (logged out on this device only).
 */
export async function logout(): Promise<boolean> {
  markSessionEnding();
  try {
    await apiRequest<void>('/api/auth/logout', { method: 'POST' });
    return true;
  } catch (error) {
    /* the token may already be dead (an answer all the same): logging out locally is what matters */
    return error instanceof ApiError;
  }
}
