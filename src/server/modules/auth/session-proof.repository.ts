import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';

/** How long a proof lets a session add or change a way in (decision 183). */
export const PROOF_WINDOW_MS = 10 * 60_000;

/** Stamps the session as proven now: its owner gave the password or a code to the account's phone. */
export async function markSessionProven(db: Database, sessionId: string): Promise<void> {
  await db.update(sessions).set({ provenAt: new Date() }).where(eq(sessions.id, sessionId));
}

/**
 * 403 reauth_required unless the session proved its owner within the window: a stolen session alone
 * must not add a permanent way in (decision 183). The web app asks for the password or a code and retries.
 */
export async function assertRecentProof(db: Database, sessionId: string): Promise<void> {
  const [row] = await db.select({ provenAt: sessions.provenAt }).from(sessions).where(eq(sessions.id, sessionId));
  if (row?.provenAt && Date.now() - row.provenAt.getTime() < PROOF_WINDOW_MS) return;
  throw new AppError(
    'reauth_required',
    'Please confirm it is you: give your password or a code sent to your phone, then try again.',
  );
}
