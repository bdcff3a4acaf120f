import { SUPPORT_TOPICS, type SupportTopic } from '../../../shared/support-topics';
import { i18next } from '../../lib/i18n';
import { getSupportState, setSupportState, type SupportPrefill } from './support-store';
import { writeStoredThread, type StoredThread } from './thread-storage';

export { SUPPORT_TOPICS, type SupportTopic };

/** The prefilled message for a situation, in the interface language (namespace `support`). */
export async function prefillFor(topic: SupportTopic): Promise<SupportPrefill> {
  await i18next.loadNamespaces('support');
  return { topic, text: i18next.t(`prefill.${topic}`, { ns: 'support' }) };
}

/**
 * Opens the customer-support chat, optionally with the prefilled message for a situation — the one
 * call every failure screen makes, e.g. `openSupport('payment_failure')` (docs/rules/messaging.md). Without a topic
 * the chat opens empty. The adapter (built-in or third-party) is loaded on first use.
 */
export async function openSupport(topic?: SupportTopic): Promise<void> {
  if (!getSupportState().adapter) setSupportState({ connecting: true });
  try {
    const [{ resolveAdapter }, prefill] = await Promise.all([
      import('./adapters/resolve'),
      topic ? prefillFor(topic) : Promise.resolve(undefined),
    ]);
    const adapter = await resolveAdapter();
    adapter.open(prefill);
  } finally {
    setSupportState({ connecting: false });
  }
}

/** Closes the built-in panel (a third-party chat closes itself). */
export function closeSupport(): void {
  setSupportState({ panelOpen: false });
}

/** Starts resolving the adapter in the background, so a third-party SDK is ready before the first click. */
export function preloadSupport(): void {
  // Offline its code may not be there: it loads on first use instead (decision 102).
  void import('./adapters/resolve').then(
    (m) => m.resolveAdapter(),
    () => undefined,
  );
}

/**
 * Opens the built-in chat on a conversation this browser has just started ("Help now", decision 132),
 * whichever chat tool the site uses: an urgent thread lives in our own inbox, where the queue answers first.
 */
export function openSupportThread(thread: StoredThread): void {
  writeStoredThread(thread);
  setSupportState({ panelOpen: true, prefill: null, seq: getSupportState().seq + 1 });
}
