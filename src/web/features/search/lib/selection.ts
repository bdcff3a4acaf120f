import { useCallback, useSyncExternalStore } from 'react';

/**
 * The guides picked in multi-select mode on /search, kept for this browser tab (sessionStorage) so
 * they survive paging, new filters and the back button; the multi-guide message dialog reads them
 * when messaging lands.
 */
export interface SelectedGuide {
  id: number;
  name: string;
  photo: string | null;
}

const KEY = 'tabi.search.selected';
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: SelectedGuide[] } = { raw: null, value: [] };

function read(): SelectedGuide[] {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (raw === cache.raw) return cache.value;
  let value: SelectedGuide[] = [];
  try {
    value = raw ? (JSON.parse(raw) as SelectedGuide[]) : [];
  } catch {
    value = [];
  }
  cache = { raw, value };
  return value;
}

function write(value: SelectedGuide[]) {
  try {
    if (value.length) sessionStorage.setItem(KEY, JSON.stringify(value));
    else sessionStorage.removeItem(KEY);
  } catch {
    /* storage unavailable: the selection lasts for this page only */
    cache = { raw: JSON.stringify(value), value };
  }
  listeners.forEach((l) => l());
}

/** The server's (and hydration's) selection: none, the same array every time as React requires. */
const NONE_SELECTED: SelectedGuide[] = [];

export function useGuideSelection() {
  const selected = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    read,
    () => NONE_SELECTED,
  );
  const toggle = useCallback((guide: SelectedGuide, on: boolean) => {
    const current = read();
    write(on ? [...current.filter((g) => g.id !== guide.id), guide] : current.filter((g) => g.id !== guide.id));
  }, []);
  const clear = useCallback(() => write([]), []);
  return { selected, toggle, clear };
}
