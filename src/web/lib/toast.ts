import { useSyncExternalStore } from 'react';
import type * as SonnerModule from 'sonner';

type Sonner = typeof SonnerModule;
export type ToastFn = Sonner['toast'];

/**
 * Toasts load their code (sonner and its Toaster) with the first toast, not with the page: most
 * visits never show one, and the landing page's first JavaScript stays small.
 */
let sonner: Promise<Sonner> | undefined;
let markMounted!: () => void;
const mounted = new Promise<void>((resolve) => (markMounted = resolve));
const listeners = new Set<() => void>();

/** Runs `show` with sonner's toast once the Toaster is on the page (toasts made before it are lost). */
export function withToast(show: (toast: ToastFn) => void): void {
  if (!sonner) {
    const loading = import('sonner');
    sonner = loading;
    // Offline, its code may not have been fetched yet: the next toast tries again (decision 102).
    void loading.catch(() => {
      if (sonner === loading) sonner = undefined;
    });
    listeners.forEach((l) => l());
  }
  void Promise.all([sonner, mounted]).then(
    ([s]) => show(s.toast),
    () => undefined,
  );
}

/** Whether a toast was asked for, so the Toaster should be on the page. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => sonner !== undefined,
    () => false,
  );
}

/** The Toaster calls this once it listens. */
export function toasterMounted(): void {
  markMounted();
}

/**
 * How long a toast stays unless closed: the Toaster's duration (toaster-host.tsx), and how long an action's answer is
 * kept.
 */
export const TOAST_MS = 4000;
/** Until when the answer to the reader's own last action is on screen. */
let answerShownUntil = 0;

/**
 * docs/rules/look-and-language.md: only one toast is shown at a time — a new one replaces whatever is on screen.
 * `destructive` is the red variant (failures, forced logout).
 */
export function showToast(opts: {
  title: string;
  description?: string;
  variant?: 'success' | 'destructive' | 'info';
  /** One button in the toast, for the next step (for example contacting support after a failed payment). */
  action?: { label: string; onClick: () => void };
}): void {
  withToast((toast) => {
    answerShownUntil = Date.now() + TOAST_MS;
    show(toast, opts);
  });
}

/**
 * A load failure's toast (a query failed, not something the reader did): shown unless the answer to
 * the reader's last action is still on screen, which one toast at a time would have it replace. The
 * page that failed also says so in place, with its retry; a logout made offline would otherwise lose
 * 'Logged out on this device' to the home page's guide list failing a moment later
 * (e2e/offline-paths.spec.ts).
 */
export function showLoadFailureToast(title: string): void {
  withToast((toast) => {
    if (Date.now() < answerShownUntil) return;
    show(toast, { title, variant: 'destructive' });
  });
}

function show(toast: ToastFn, opts: Parameters<typeof showToast>[0]): void {
  toast.dismiss();
  const fn = opts.variant === 'destructive' ? toast.error : opts.variant === 'success' ? toast.success : toast.info;
  const extra = {
    ...(opts.description ? { description: opts.description } : {}),
    ...(opts.action ? { action: opts.action } : {}),
  };
  fn(opts.title, Object.keys(extra).length ? extra : undefined);
}

/** Clears any toast on screen (a full-screen view would have it over its close button); loads nothing. */
export function dismissToasts(): void {
  answerShownUntil = 0;
  void sonner?.then((s) => s.toast.dismiss());
}
