import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to `#section` links (/profile#wallet, /guide-dashboard#availability) once the section
 * exists: pages render their sections after their data arrives, later than the router's own scroll
 * restoration looks. Gives up after a few seconds, or as soon as the reader scrolls.
 */
export function HashScroll() {
  const { hash, key } = useLocation();
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    let done = false;
    const tryScroll = () => {
      const el = document.getElementById(id);
      if (!el || done) return false;
      done = true;
      el.scrollIntoView({ block: 'start' });
      return true;
    };
    if (tryScroll()) return;
    const observer = new MutationObserver(() => {
      if (tryScroll()) stop();
    });
    const stop = () => {
      done = true;
      observer.disconnect();
      clearTimeout(timer);
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', stop);
    };
    const timer = setTimeout(stop, 5_000);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', stop);
    return stop;
  }, [hash, key]);
  return null;
}
