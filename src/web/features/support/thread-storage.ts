import { storage, STORAGE_KEYS } from '../../lib/storage-keys';

/**
 * The conversation this browser continues: its id, the secret key an anonymous visitor got when it
 * was created (the only way to read it back), and the account it belongs to, if any.
 */
export interface StoredThread {
  threadId: number;
  visitorKey: string | null;
  userId: number | null;
}

export function readStoredThread(): StoredThread | null {
  const raw = storage.get(STORAGE_KEYS.support);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as StoredThread;
    return Number.isInteger(v.threadId) ? v : null;
  } catch {
    return null;
  }
}

export function writeStoredThread(thread: StoredThread): void {
  storage.set(STORAGE_KEYS.support, JSON.stringify(thread));
}

export function clearStoredThread(): void {
  storage.remove(STORAGE_KEYS.support);
}
