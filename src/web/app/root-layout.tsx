import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Header } from './header';
import { PartBoundary } from '../components/ui/part-boundary';
import { PageFallback } from '../components/ui/spinner';
import { ToasterHost } from '../components/ui/toaster-host';
import { SessionGuard } from '../features/auth';
import { LazyConsentGate } from '../features/legal/lazy';
import { ChatWindowHost } from '../features/messaging';
import { LazySupportWidget } from '../features/support/lazy';
import { useSession } from '../lib/session';
import { useTheme } from '../lib/theme';
import { useHashScroll } from './hash-scroll';
import { hydrationCommitted } from '../lib/hydration';

export function RootLayout() {
  const theme = useTheme();
  const signedIn = !!useSession();
  useHashScroll();
  return (
    <div className="flex min-h-screen flex-col">
      <SessionGuard />
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <PageHydrated>
            <Outlet />
          </PageHydrated>
        </Suspense>
      </main>
      <Footer />
      <PartBoundary fallback={null}>
        <Suspense fallback={null}>
          <LazySupportWidget />
        </Suspense>
      </PartBoundary>
      {/*
       * Signed-in readers who owe a consent to a current document see nothing else until they give it (decision 124).
       */}
      {signedIn && (
        <PartBoundary fallback={null}>
          <Suspense fallback={null}>
            <LazyConsentGate />
          </Suspense>
        </PartBoundary>
      )}
      <ChatWindowHost />
      {/* docs/rules/look-and-language.md: only one toast is shown at a time. */}
      <ToasterHost visibleToasts={1} theme={theme} richColors closeButton />
      <ScrollRestoration />
    </div>
  );
}

/**
 * Tells lib/hydration when the page itself is hydrated: React hydrates the layout first and the
 * page's Suspense boundary after it. A wrapper with one child leaves React's ids (useId) as they are.
 */
function PageHydrated({ children }: { children: ReactNode }) {
  useEffect(hydrationCommitted, []);
  return children;
}
