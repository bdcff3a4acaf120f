import { apiRequest, ApiError } from '../../../lib/api-client';
import { markSessionEnding } from '../../../lib/session';

/** The longest logging out waits for the session's requests already on their way. */
const IN_FLIGHT_WAIT_MS = 2000;

/**
 * Ends the session on the server; the local session is cleared even if the server cannot be reached.
 * Resolves to whether the server answered: `false` means no connection (logged out on this device only).
 * `inFlight` resolves when the requests already sent with this token have answered: the server forgets
 * the token as soon as it is told, and a request it answers after that is a 401 the browser reports
 * (a socket that opened just before logging out refetches the badge and the trips).
 */
export async function logout(inFlight?: () => Promise<unknown>): Promise<boolean> {
  markSessionEnding();
  if (inFlight) await Promise.race([inFlight(), new Promise((done) => setTimeout(done, IN_FLIGHT_WAIT_MS))]);
  try {
    await apiRequest<void>('/api/auth/logout', { method: 'POST' });
    return true;
  } catch (error) {
    /* the token may already be dead (an answer all the same): logging out locally is what matters */
    return error instanceof ApiError;
  }
}
