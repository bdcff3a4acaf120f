import { useSyncExternalStore } from 'react';
import type { User } from '../../shared/schemas/user';
import { storage, STORAGE_KEYS } from './storage-keys';

/**
 * The signed-in session, kept in local storage (token and user stored locally, docs/rules/accounts-and-sessions.md) and
 * shared by every component through one tiny store. A stored user without a token, or a token without a
 * user, clears both.
 */
export interface Session {
  token: string;
  user: User;
}

const listeners = new Set<() => void>();
let cached: { raw: string; session: Session | null } | undefined;

function readSession(): Session | null {
  const token = storage.get(STORAGE_KEYS.token);
  const rawUser = storage.get(STORAGE_KEYS.user);
  const raw = `${token ?? ''}\n${rawUser ?? ''}`;
  if (cached?.raw === raw) return cached.session;
  let session: Session | null = null;
  if (token && rawUser) {
    try {
      session = { token, user: JSON.parse(rawUser) as User };
    } catch {
      session = null;
    }
  }
  if (!session && (token || rawUser)) {
    storage.remove(STORAGE_KEYS.token);
    storage.remove(STORAGE_KEYS.user);
  }
  cached = { raw: session ? raw : '\n', session };
  return session;
}

function emit() {
  listeners.forEach((l) => l());
}

export function getSession(): Session | null {
  return readSession();
}

export function setSession(token: string, user: User): void {
  storage.set(STORAGE_KEYS.token, token);
  storage.set(STORAGE_KEYS.user, JSON.stringify(user));
  emit();
}

/** Replaces the stored user (after a profile edit or role switch) and keeps the token. */
export function updateSessionUser(user: User): void {
  const session = readSession();
  if (session) setSession(session.token, user);
}

export function clearSession(): void {
  storage.remove(STORAGE_KEYS.token);
  storage.remove(STORAGE_KEYS.user);
  // The trips and messages the service worker kept for this user go with the session (decision 095).
  void import('./offline').then((m) => m.clearPrivateCaches());
  emit();
}

// Another tab logging in or out changes this tab too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.user || e.key === null) emit();
  });
}

let endingToken: string | null = null;

/**
 * Logging out has begun (the server is being told). Work done in the background for this session stops
 * asking now: the server forgets the token before the answer comes back, and every request sent in that
 * window would be a 401.
 */
export function markSessionEnding(): void {
  endingToken = readSession()?.token ?? null;
  emit();
}

/** The stored session, unless logging out of it has begun. */
export function getLiveSession(): Session | null {
  const session = readSession();
  return session && session.token !== endingToken ? session : null;
}

/** Calls `listener` whenever the session changes (signing in or out, here or in another tab). */
export function onSessionChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): Session | null {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    readSession,
    () => null,
  );
}

/**
 * The session for work done in the background (lists that refetch, live updates): null as soon as logging
 * out has begun, so nothing asks with a token the server is forgetting (a 401 in that window).
 */
export function useLiveSession(): Session | null {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    getLiveSession,
    () => null,
  );
}
