import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings a `#section` of the address into view (scroll-to-section.ts). That code arrives only when an
 * address has a section: most pages have none, and the landing page's first JavaScript stays small.
 */
export function useHashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let stop: (() => void) | undefined;
    let left = false;
    import('./scroll-to-section').then(
      (m) => {
        if (!left) stop = m.scrollToSection(id);
      },
      () => undefined,
    );
    return () => {
      left = true;
      stop?.();
    };
  }, [hash, key]);
}
