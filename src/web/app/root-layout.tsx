import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { PageFallback } from '../components/ui/spinner';
import { ToasterHost } from '../components/ui/toaster-host';
import { SessionGuard } from '../features/auth/index';
import { ChatWindowHost } from '../features/messaging/window/chat-window-host';
import { useTheme } from '../lib/theme';
import { HashScroll } from './hash-scroll';
import { hydrationCommitted, lazyPart } from '../lib/hydration';

// The support button's code is not needed to read a page: it arrives just after (issue 15's budget).
const SupportWidget = lazyPart(() => import('../features/support/components/support-launcher').then((m) => ({ default: m.SupportWidget })));

export function RootLayout() {
  const theme = useTheme();
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
      <Suspense fallback={null}>
        <SupportWidget />
      </Suspense>
      <ChatWindowHost />
      {/* SPEC §8: only one toast is shown at a time. */}
      <ToasterHost visibleToasts={1} theme={theme} position="top-center" richColors closeButton />
      <ScrollRestoration />
      <HashScroll />
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
