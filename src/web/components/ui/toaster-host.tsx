import { Suspense, type ComponentProps } from 'react';
import type { Toaster } from 'sonner';
import { TOAST_MS, useToasterWanted } from '../../lib/toast';
import { lazyPart } from '../../lib/hydration';
import { PartBoundary } from './part-boundary';

const LoadedToaster = lazyPart(() => import('./toaster'));

/** Where toasts appear; its code arrives with the first toast (lib/toast.ts). */
export function ToasterHost(props: ComponentProps<typeof Toaster>) {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  // Offline with the toasts' code never fetched: no toast rather than the page's error (decision 102).
  return (
    <PartBoundary fallback={null}>
      <Suspense fallback={null}>
        <LoadedToaster duration={TOAST_MS} {...props} />
      </Suspense>
    </PartBoundary>
  );
}
