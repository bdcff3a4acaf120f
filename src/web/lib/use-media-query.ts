import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, updated when it changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

/** Wide enough for floating buttons to sit in the margin beside the 1152 px content column (max-w-6xl). */
export const WIDE_GUTTER_QUERY = '(min-width: 1280px)';

/** A device with a keyboard and a mouse: only there do keyboard hints (Ctrl + Enter) make sense (locales/VOICE.md). */
export const KEYBOARD_QUERY = '(hover: hover) and (pointer: fine)';

/**
 * A phone-sized screen (below Tailwind's sm): where a wallet hands over to its app instead of showing a code to scan.
 */
export const PHONE_QUERY = '(max-width: 639px)';
