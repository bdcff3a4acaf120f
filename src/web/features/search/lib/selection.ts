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
/**
 * No selection: one array, so the browser's first read equals the server's (hydration's) and React
 * has no reason to render the whole results page again, in one long task, right after hydrating.
 */
const NONE_SELECTED: SelectedGuide[] = [];
let cache: { raw: string | null; value: SelectedGuide[] } = { raw: null, value: NONE_SELECTED };

function read(): SelectedGuide[] {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    raw = null;
  }
  if (raw === cache.raw) return cache.value;
  let value = NONE_SELECTED;
  try {
    if (raw) value = JSON.parse(raw) as SelectedGuide[];
  } catch {
    value = NONE_SELECTED;
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
