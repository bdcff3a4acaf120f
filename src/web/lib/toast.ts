import { toast } from 'sonner';

/**
 * SPEC §8: only one toast is shown at a time — a new one replaces whatever is on screen.
 * `destructive` is the red variant (failures, forced logout).
 */
export function showToast(opts: {
  title: string;
  description?: string;
  variant?: 'success' | 'destructive' | 'info';
  /** One button in the toast, for the next step (for example contacting support after a failed payment). */
  action?: { label: string; onClick: () => void };
}): void {
  toast.dismiss();
  const fn = opts.variant === 'destructive' ? toast.error : opts.variant === 'success' ? toast.success : toast.info;
  const extra = { ...(opts.description ? { description: opts.description } : {}), ...(opts.action ? { action: opts.action } : {}) };
  fn(opts.title, Object.keys(extra).length ? extra : undefined);
}
