/**
 * Scrolls to `#section` links (/profile#wallet, /guide-dashboard#availability) once the section
 * exists: pages render their sections after their data arrives, later than the router's own scroll
 * restoration looks. Gives up after a few seconds, or as soon as the reader scrolls. Returns the stop.
 */
export function scrollToSection(id: string): () => void {
  let done = false;
  const tryScroll = () => {
    const el = document.getElementById(id);
    if (!el || done) return false;
    done = true;
    el.scrollIntoView({ block: 'start' });
    return true;
  };
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
  if (tryScroll()) {
    stop();
    return stop;
  }
  observer.observe(document.body, { childList: true, subtree: true });
  window.addEventListener('wheel', stop, { passive: true });
  window.addEventListener('touchmove', stop, { passive: true });
  window.addEventListener('keydown', stop);
  return stop;
}
