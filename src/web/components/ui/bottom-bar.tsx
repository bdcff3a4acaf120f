import { useLayoutEffect, useRef, type ReactNode } from 'react';

/**
 * A bar fixed to the bottom of the screen (for example the shortlist of selected guides). While it
 * is shown it publishes its height as `--bottom-bar-height` on <html>, so floating buttons (the
 * support launcher) sit above it instead of covering its actions.
 */
export function BottomBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--bottom-bar-height', `${el.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, []);
  return (
    <div
      ref={ref}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 backdrop-blur dark:border-stone-800 dark:bg-stone-950/95"
    >
      {children}
    </div>
  );
}
