import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from 'sonner';
import { Footer } from '../components/layout/footer';
import { Header } from '../components/layout/header';
import { PageFallback } from '../components/ui/spinner';
import { SessionGuard } from '../features/auth/index';
import { ChatWindowHost } from '../features/messaging/window/chat-window-host';
import { SupportWidget } from '../features/support/index';
import { useTheme } from '../lib/theme';
import { HashScroll } from './hash-scroll';

export function RootLayout() {
  const theme = useTheme();
  return (
    <div className="flex min-h-screen flex-col">
      <SessionGuard />
      <Header />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <SupportWidget />
      <ChatWindowHost />
      {/* SPEC §8: only one toast is shown at a time. */}
      <Toaster visibleToasts={1} theme={theme} position="top-center" richColors closeButton />
      <ScrollRestoration />
      <HashScroll />
    </div>
  );
}
