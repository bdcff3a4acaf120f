import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '../components/ui/button';
import { OfflineBanner } from '../components/ui/offline-banner';
import { PageMessage } from '../components/ui/page-message';
import {
  openConversation,
  useConversations,
  messagingKeys,
  ChatThread,
  ConversationRow,
  SystemMessageList,
} from '../features/messaging';
import { cn } from '../lib/cn';
import { useDocumentTitle } from '../lib/use-document-title';
import { useSession } from '../lib/session';
import { withGap } from '../lib/cjk-spacing';

/**
 * /messages: the conversation list (last message, time, unread count) and the open thread side by
 * side; on phones two screens. `?guide=ID` opens (or creates) the chat with that guide; `?c=ID`
 * opens a conversation; `?tab=notifications` shows the system messages.
 */
export function Component() {
  const { t } = useTranslation('messaging');
  useDocumentTitle(t('title'));
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const conversations = useConversations(!!session);
  const selected = Number(params.get('c')) || null;
  const tab = params.get('tab') === 'notifications' ? 'notifications' : 'chats';
  const guideParam = Number(params.get('guide')) || null;
  const opening = useRef(false);

  useEffect(() => {
    if (!guideParam || !session || opening.current) return;
    opening.current = true;
    openConversation(guideParam)
      .then(async (r) => {
        await queryClient.invalidateQueries({ queryKey: messagingKeys.conversations });
        setParams({ c: String(r.data.conversation.id) }, { replace: true });
      })
      .catch(() => setParams({}, { replace: true }))
      .finally(() => {
        opening.current = false;
      });
  }, [guideParam, session, queryClient, setParams]);

  if (!session) {
    return (
      <PageMessage
        title={t('signedOut.title')}
        action={
          <ButtonLink to={`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`}>
            {t('drawer.logIn')}
          </ButtonLink>
        }
      />
    );
  }
  const list = conversations.data ?? [];
  const current = list.find((c) => c.conversation.id === selected) ?? null;
  const tabClass = (on: boolean) =>
    cn(
      'flex-1 rounded-lg px-3 py-1.5 text-sm font-medium',
      on ? 'bg-white shadow-sm dark:bg-stone-800' : 'text-stone-600 dark:text-stone-300',
    );
  return (
    <div className="mx-auto max-w-6xl px-0 sm:px-4 sm:py-6">
      <h1 className="sr-only">{t('title')}</h1>
      <div className="flex h-[calc(100dvh-4rem)] flex-col sm:h-[calc(100dvh-8rem)]">
        <OfflineBanner edgeToEdge />
        <div className="grid min-h-0 flex-1 grid-cols-1 overflow-hidden border-stone-200 bg-white sm:rounded-[var(--radius-card)] sm:border md:grid-cols-[320px_1fr] dark:border-stone-800 dark:bg-stone-900">
          <aside
            className={cn(
              'flex min-h-0 flex-col border-stone-200 md:border-r dark:border-stone-800',
              current && tab === 'chats' && 'max-md:hidden',
            )}
          >
            <div className="flex gap-1 bg-stone-100 p-1 m-3 rounded-xl dark:bg-stone-950" role="tablist">
              <button
                role="tab"
                aria-selected={tab === 'chats'}
                className={tabClass(tab === 'chats')}
                onClick={() => setParams({})}
              >
                {t('tabs.chats')}
              </button>
              <button
                role="tab"
                aria-selected={tab === 'notifications'}
                className={tabClass(tab === 'notifications')}
                onClick={() => setParams({ tab: 'notifications' })}
              >
                {t('tabs.notifications')}
              </button>
            </div>
            {tab === 'notifications' ? (
              <div className="min-h-0 flex-1 overflow-y-auto md:hidden">
                <SystemMessageList />
              </div>
            ) : null}
            <ul
              className={cn('min-h-0 flex-1 overflow-y-auto', tab === 'notifications' && 'max-md:hidden')}
              aria-label={t('tabs.chats')}
              data-testid="conversation-list"
            >
              {conversations.isPending &&
                [0, 1, 2].map((i) => (
                  <li key={i} className="mx-3 my-2 h-14 animate-pulse rounded-lg bg-stone-100 dark:bg-stone-800" />
                ))}
              {conversations.isError && <li className="p-4 text-sm text-danger-600">{t('thread.loadFailed')}</li>}
              {conversations.isSuccess && list.length === 0 && (
                <li className="p-6 text-center text-sm text-stone-600 dark:text-stone-300">
                  {withGap(t('list.empty'))}
                  <Link to="/search" className="font-medium text-primary-700 underline dark:text-primary-300">
                    {t('list.findGuide')}
                  </Link>
                </li>
              )}
              {list.map((c) => (
                <ConversationRow
                  key={c.conversation.id}
                  conversation={c}
                  selected={c.conversation.id === selected}
                  onOpen={() => setParams({ c: String(c.conversation.id) })}
                />
              ))}
            </ul>
          </aside>
          <div
            className={cn(
              'min-h-0',
              !current && tab === 'chats' && 'max-md:hidden',
              tab === 'notifications' && 'max-md:hidden overflow-y-auto',
            )}
          >
            {tab === 'notifications' ? (
              <SystemMessageList />
            ) : current ? (
              <ChatThread
                key={current.conversation.id}
                conversation={current}
                userId={session.user.id}
                onBack={() => setParams({})}
              />
            ) : (
              <p className="flex h-full items-center justify-center p-6 text-sm text-stone-600 dark:text-stone-300">
                {t('list.pick')}
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
