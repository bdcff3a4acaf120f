import { useEffect } from 'react';

/**
 * While `active`, the page behind a phone sheet (the chat, the bell's notifications) does not scroll:
 * a swipe on the sheet's edge or past its end would otherwise move the page under it. The page's
 * own overflow comes back when the sheet closes.
 */
export function useBodyScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const prev = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = prev;
    };
  }, [active]);
}
