import { Headset } from 'lucide-react';
import { Suspense, useEffect } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useHeaderDock } from '../../../components/layout/header-dock';
import { cn } from '../../../lib/cn';
import { useMediaQuery, WIDE_GUTTER_QUERY } from '../../../lib/use-media-query';
import { useSession } from '../../../lib/session';
import { SUPPORT_IDLE_POLL_MS, useThreadMessages } from '../api/support-api';
import { openSupport, preloadSupport } from '../open-support';
import { useSupportState } from '../support-store';
import { readStoredThread } from '../thread-storage';
import { lazyPart } from '../../../lib/hydration';
import { useBottomBarOffset } from '../../../components/ui/bottom-bar';

const SupportPanel = lazyPart(() => import('./support-panel'));

/**
 * The floating support button on every page (docs/rules/messaging.md), and the built-in chat panel when it is open.
 * The panel's code, the adapters and the `support` strings load only when needed.
 */
export function SupportWidget() {
  const { panelOpen } = useSupportState();
  return (
    <Suspense fallback={null}>
      <Launcher />
      {panelOpen && <SupportPanel />}
    </Suspense>
  );
}

function Launcher() {
  const { t } = useTranslation('support');
  const { panelOpen, connecting, adapter, fellBack } = useSupportState();
  // A conversation on this device: check now and then whether the team has answered.
  const session = useSession();
  const saved = readStoredThread();
  const own = saved && saved.userId === (session?.user.id ?? null) ? saved : null;
  const thread = useThreadMessages(own, SUPPORT_IDLE_POLL_MS, !panelOpen && adapter !== 'crisp');
  const last = thread.data?.messages.at(-1);
  const newReply = !panelOpen && !!own && last?.sender === 'agent' && last.id > (own.seenId ?? 0);
  useEffect(() => {
    // Warm up the configured adapter when the browser is idle, so a third-party SDK is attached before the first click.
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => preloadSupport());
    return () => cancel(handle);
  }, []);
  // It must never cover a page's own buttons or fields: from 1280 px it floats in the margin beside
  // the content column (icon only); on narrower screens it sits in the header.
  const wide = useMediaQuery(WIDE_GUTTER_QUERY);
  const barOffset = useBottomBarOffset();
  const dock = useHeaderDock();
  if (!wide && !dock) return null;
  const button = (
    <button
      type="button"
      id="support-launcher"
      data-support-adapter={adapter ?? 'pending'}
      data-support-fallback={fellBack ? 'true' : 'false'}
      aria-expanded={panelOpen}
      aria-controls={panelOpen ? 'support-panel' : undefined}
      aria-busy={connecting || undefined}
      onClick={() => void openSupport()}
      title={t('launcher.label')}
      style={wide ? barOffset : undefined}
      className={cn(
        'inline-flex items-center justify-center rounded-full',
        wide
          ? 'fixed bottom-[calc(1rem+var(--bottom-bar-height,0px))] right-2 z-40 h-12 w-12 bg-primary-600 text-white shadow-lg transition hover:bg-primary-700 dark:bg-primary-500 dark:hover:bg-primary-400'
          : 'relative h-10 w-10 text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800',
      )}
    >
      {connecting ? (
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      ) : (
        <Headset className="h-5 w-5" aria-hidden />
      )}
      <span className="sr-only">{t('launcher.label')}</span>
      {newReply && (
        <>
          <span
            className="absolute right-0.5 top-0.5 h-3 w-3 rounded-full border-2 border-white bg-accent-500"
            aria-hidden
            data-testid="support-new-reply"
          />
          <span className="sr-only">{t('launcher.newReply')}</span>
        </>
      )}
    </button>
  );
  return wide ? button : createPortal(button, dock!);
}
