import { useLayoutEffect, useRef, useSyncExternalStore, type CSSProperties, type ReactNode } from 'react';

// The height of the bar on screen (0 when none). Floating buttons read it rather than a variable on
// <html>: a custom property changed on the root restyles every element of the page.
let barHeight = 0;
const listeners = new Set<() => void>();
function publishHeight(height: number) {
  if (height === barHeight) return;
  barHeight = height;
  for (const listener of listeners) listener();
}
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * For a floating button (the support launcher): `--bottom-bar-height` on the button itself, so its
 * `bottom-[calc(…+var(--bottom-bar-height,0px))]` keeps it above a bar's actions instead of covering them.
 */
export function useBottomBarOffset(): CSSProperties {
  const height = useSyncExternalStore(
    subscribe,
    () => barHeight,
    () => 0,
  );
  return { '--bottom-bar-height': `${height}px` } as CSSProperties;
}

/** A bar fixed to the bottom of the screen (for example the shortlist of selected guides). */
export function BottomBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const publish = () => publishHeight(el.offsetHeight);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(el);
    return () => {
      observer.disconnect();
      publishHeight(0);
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
