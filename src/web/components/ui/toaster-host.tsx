import { Suspense, type ComponentProps } from 'react';
import type { Toaster } from 'sonner';
import { TOAST_MS, useToasterWanted } from '../../lib/toast';
import { lazyPart } from '../../lib/hydration';
import { PartBoundary } from './part-boundary';

const LoadedToaster = lazyPart(() => import('./toaster'));

/**
 * The header is sticky and 64 px high (`h-16` in app/header.tsx): a toast at sonner's own offset (24 px,
 * 16 px on phones) sat on it, over the menu button. Toasts start 8 px below it, and keep 16 px from the
 * screen's sides on a phone.
 */
const BELOW_HEADER = 64 + 8;
const PLACEMENT = {
  position: 'top-center',
  offset: { top: BELOW_HEADER },
  mobileOffset: { top: BELOW_HEADER, left: 16, right: 16 },
} as const satisfies ComponentProps<typeof Toaster>;

/** Where toasts appear; its code arrives with the first toast (lib/toast.ts). */
export function ToasterHost(props: ComponentProps<typeof Toaster>) {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  // Offline with the toasts' code never fetched: no toast rather than the page's error (decision 102).
  return (
    <PartBoundary fallback={null}>
      <Suspense fallback={null}>
        <LoadedToaster duration={TOAST_MS} {...PLACEMENT} {...props} />
      </Suspense>
    </PartBoundary>
  );
}
