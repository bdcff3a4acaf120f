import { toast } from 'sonner';

/**
 * SPEC §8: only one toast is shown at a time — a new one replaces whatever is on screen.
 * `destructive` is the red variant (failures, forced logout).
 */
export function showToast(opts: { title: string; description?: string; variant?: 'success' | 'destructive' | 'info' }): void {
  toast.dismiss();
  const fn = opts.variant === 'destructive' ? toast.error : opts.variant === 'success' ? toast.success : toast.info;
  fn(opts.title, opts.description ? { description: opts.description } : undefined);
}
