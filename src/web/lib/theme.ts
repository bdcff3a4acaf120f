import { useSyncExternalStore } from 'react';
import { storage, STORAGE_KEYS } from './storage-keys';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

function read(): Theme {
  return document.documentElement.classList.contains('dark') ? 'dark' : 'light';
}

/** Applies and stores the theme; boot.js re-applies it before the next first paint. */
export function setTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  storage.set(STORAGE_KEYS.theme, theme);
  listeners.forEach((l) => l());
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    read,
    () => 'light',
  );
}
