import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { SUPPORT_IDLE_POLL_MS, useThreadMessages } from '../api/support-api';
import { openSupport, preloadSupport } from '../open-support';
import { useSupportState } from '../support-store';
import { readStoredThread } from '../thread-storage';

const SupportPanel = lazy(() => import('./support-panel'));

/**
 * The floating support button on every page (SPEC §1), and the built-in chat panel when it is open.
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
  return (
    <button
      type="button"
      id="support-launcher"
      data-support-adapter={adapter ?? 'pending'}
      data-support-fallback={fellBack ? 'true' : 'false'}
      aria-expanded={panelOpen}
      aria-controls={panelOpen ? 'support-panel' : undefined}
      aria-busy={connecting || undefined}
      onClick={() => void openSupport()}
      className={cn(
        'fixed bottom-[calc(1.25rem+var(--bottom-bar-height,0px))] right-5 z-40 inline-flex h-14 items-center gap-2 rounded-full bg-primary-600 px-4 text-sm font-semibold text-white shadow-lg transition hover:bg-primary-700 dark:bg-primary-500 dark:hover:bg-primary-400',
        panelOpen && 'max-sm:hidden',
      )}
    >
      {connecting ? (
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />
      ) : (
        <MessageCircle className="h-5 w-5" aria-hidden />
      )}
      <span className="max-sm:sr-only">{t('launcher.label')}</span>
      {newReply && (
        <>
          <span className="absolute right-1 top-1 h-3 w-3 rounded-full border-2 border-white bg-accent-500" aria-hidden data-testid="support-new-reply" />
          <span className="sr-only">{t('launcher.newReply')}</span>
        </>
      )}
    </button>
  );
}
