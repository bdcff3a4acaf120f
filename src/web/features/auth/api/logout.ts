import { apiRequest } from '../../../lib/api-client';

/** Ends the session on the server; the local session is cleared even if the server cannot be reached. */
export async function logout(): Promise<void> {
  try {
    await apiRequest<void>('/api/auth/logout', { method: 'POST' });
  } catch {
    /* the token may already be dead: logging out locally is what matters */
  }
}
