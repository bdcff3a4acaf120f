import { ApiError } from './api-client';

/** Asks the person to prove it is them (the profile's prompt); true once the server took the proof. */
type ProofAsker = () => Promise<boolean>;
let asker: ProofAsker | undefined;

/** The prompt registers itself while it is on screen (decision 183). */
export function setProofAsker(next: ProofAsker | undefined): void {
  asker = next;
}

/**
 * Runs a call that adds or changes a way in. A 403 reauth_required (no proof on the session within
 * 10 minutes, decision 183) opens the prompt for the password or a code to the phone; once proven the
 * call is made again, once. Cancelled, or without a prompt on screen, the refusal stands.
 */
export async function withProof<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'reauth_required' || !asker) throw err;
    if (!(await asker())) throw err;
    return run();
  }
}
