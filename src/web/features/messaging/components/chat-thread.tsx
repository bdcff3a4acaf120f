import { ArrowLeft, ClipboardList, HandCoins, Send } from 'lucide-react';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FREE_MESSAGES } from '../../../../shared/messaging/credits';
import type { Conversation, Message } from '../../../../shared/schemas/messaging';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { KEYBOARD_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { markConversationRead, useMessages, useSendMessage } from '../api/conversations';
import { useDraft } from '../lib/drafts';
import { formatWhen } from '../lib/format';
import { OfferCard } from '../offers/offer-card';
import { TourRequestCard } from '../tour-request/tour-request-card';
import { TourRequestForm } from '../tour-request/tour-request-form';
import { WrittenText } from './written-text';

// Only guides make offers: the form loads when one opens it.
const OfferForm = lazy(() => import('../offers/offer-form').then((m) => ({ default: m.OfferForm })));

/** A message's words: the machine translation with the original a tap away, when the server sent one (decision 145). */
const bodyOf = (m: Message, mine: boolean) => (
  <WrittenText
    text={m.body}
    language={m.bodyLanguage}
    translated={m.translated}
    translation={m.translation}
    inverted={mine}
  />
);

/** One conversation: messages, the masking notice, credits, and the composer. */
export function ChatThread({
  conversation,
  userId,
  onBack,
  compact,
  hideHeader,
}: {
  conversation: Conversation;
  userId: number;
  onBack?: () => void;
  compact?: boolean;
  hideHeader?: boolean;
}) {
  const { t } = useTranslation('messaging');
  const id = conversation.conversation.id;
  const messages = useMessages(id);
  const send = useSendMessage(id);
  const [draft, setDraft] = useDraft(userId, id);
  const [requesting, setRequesting] = useState(false);
  // The guide's offer form: from a tour request (prefilled) or from the chat (decision 078).
  const [offering, setOffering] = useState<{
    request: { id: number; tourRequest: NonNullable<Message['tourRequest']> } | null;
  } | null>(null);
  const keyboard = useMediaQuery(KEYBOARD_QUERY);
  const requestButton = useRef<HTMLButtonElement>(null);
  const wasRequesting = useRef(false);
  const pendingId = useRef<string | null>(null);
  const end = useRef<HTMLDivElement>(null);
  const list = messages.data?.data ?? [];
  const credits = messages.data?.credits ?? conversation.credits;
  const lastOther = [...list].reverse().find((m) => m.senderId !== userId)?.id;

  // Mark-read when the thread is open and a message from the other side is there.
  useEffect(() => {
    if (lastOther !== undefined) void markConversationRead(id, userId);
  }, [id, userId, lastOther]);
  // Follow new messages, and a tour request's answer (its card grows with the payment link).
  const answered = list.filter((m) => m.tourRequest && m.tourRequest.state.status !== 'pending').length;
  const offerStates = list.map((m) => m.offer?.status ?? '').join();
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [list.length, answered, offerStates]);

  // The form is gone: give focus back to the button that opened it in the same commit, so a key
  // pressed right after (Escape closes the window) never lands on the page body.
  useLayoutEffect(() => {
    if (wasRequesting.current && !requesting) requestButton.current?.focus();
    wasRequesting.current = requesting;
  }, [requesting]);

  const submit = () => {
    const body = draft.trim();
    if (!body || send.isPending) return;
    pendingId.current ??= crypto.randomUUID().replace(/-/g, '');
    send.mutate(
      { body, clientMessageId: pendingId.current },
      {
        onSuccess: () => {
          pendingId.current = null;
          setDraft('');
        },
      },
    );
  };
  const outOfCredits = credits === 0;
  const anyMasked = list.some((m) => m.masked);
  return (
    <section
      className="relative flex h-full min-h-0 flex-col"
      aria-label={t('thread.with', { name: conversation.counterpart.name })}
    >
      {!hideHeader && (
        <header className="flex items-center gap-2 border-b border-stone-200 px-3 py-2 dark:border-stone-800">
          {onBack && (
            <Button variant="ghost" size="icon" onClick={onBack} aria-label={t('thread.back')}>
              <ArrowLeft className="h-5 w-5" aria-hidden />
            </Button>
          )}
          <h2 className="truncate font-semibold">{conversation.counterpart.name}</h2>
        </header>
      )}
      <div
        className={cn('flex-1 space-y-2 overflow-y-auto px-3 py-3', compact ? 'min-h-40' : 'min-h-64')}
        data-testid="chat-messages"
        aria-live="polite"
      >
        {messages.isPending && <p className="text-sm text-stone-500">{t('thread.loading')}</p>}
        {messages.isError && <p className="text-sm text-danger-600">{t('thread.loadFailed')}</p>}
        {!messages.isPending && list.length === 0 && (
          <p className="py-6 text-center text-sm text-stone-600 dark:text-stone-300">
            {t('thread.empty', { name: conversation.counterpart.name })}
          </p>
        )}
        {list.map((m) => {
          const mine = m.senderId === userId;
          if (m.kind === 'tour_request' && m.tourRequest) {
            return (
              <div
                key={m.id}
                className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
                data-testid={mine ? 'message-mine' : 'message-theirs'}
              >
                <TourRequestCard
                  message={m}
                  isGuideView={conversation.isGuideView}
                  onOffer={() => setOffering({ request: { id: m.id, tourRequest: m.tourRequest! } })}
                />
                {m.body && !m.body.startsWith('Tour request: ') && (
                  <div className="max-w-[80%] whitespace-pre-wrap break-words rounded-2xl bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
                    {bodyOf(m, mine)}
                  </div>
                )}
                <span className="text-[11px] text-stone-500 dark:text-stone-400">{formatWhen(m.sentAt)}</span>
              </div>
            );
          }
          if (m.kind === 'offer' && m.offer) {
            return (
              <div
                key={m.id}
                className={cn('flex flex-col gap-1', mine ? 'items-end' : 'items-start')}
                data-testid={mine ? 'message-mine' : 'message-theirs'}
              >
                <OfferCard offer={m.offer} isGuideView={conversation.isGuideView} />
                {m.body && (
                  <div className="max-w-[80%] whitespace-pre-wrap break-words rounded-2xl bg-stone-100 px-3 py-2 text-sm dark:bg-stone-800">
                    {bodyOf(m, mine)}
                  </div>
                )}
                <span className="text-[11px] text-stone-500 dark:text-stone-400">{formatWhen(m.sentAt)}</span>
              </div>
            );
          }
          return (
            <div key={m.id} className={cn('flex', mine ? 'justify-end' : 'justify-start')}>
              <div
                data-testid={mine ? 'message-mine' : 'message-theirs'}
                className={cn(
                  'max-w-[80%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
                  mine
                    ? 'bg-primary-600 text-white'
                    : 'bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
                )}
              >
                {m.kind === 'tour_request' && (
                  <span className="mb-1 block text-xs font-semibold opacity-80">
                    {t('thread.tourRequest', { status: t(`tourStatus.${m.tourRequest?.state.status ?? 'pending'}`) })}
                  </span>
                )}
                {bodyOf(m, mine)}
                <span
                  className={cn(
                    'mt-1 block text-right text-[11px]',
                    mine ? 'text-white/80' : 'text-stone-500 dark:text-stone-400',
                  )}
                >
                  {formatWhen(m.sentAt)}
                  {mine && m.readAt ? ` · ${t('thread.read')}` : ''}
                </span>
              </div>
            </div>
          );
        })}
        <div ref={end} />
      </div>
      {anyMasked && !conversation.contactsUnlocked && (
        <p className="border-t border-stone-200 px-3 py-2 text-xs text-stone-600 dark:border-stone-800 dark:text-stone-300">
          {t('thread.maskedNotice')}{' '}
          <Link
            to="/help/safety#contact-details"
            className="underline hover:text-primary-700 dark:hover:text-primary-300"
          >
            {t('thread.maskedWhy')}
          </Link>
        </p>
      )}
      {!conversation.isGuideView && credits !== null && (
        <p className="px-3 pt-2 text-xs text-stone-600 dark:text-stone-300" data-testid="credits">
          {outOfCredits ? t('thread.noCredits') : t('thread.credits', { count: credits, total: FREE_MESSAGES })}
        </p>
      )}
      {!conversation.isGuideView && !outOfCredits && (
        <div className="px-3 pt-2">
          <Button
            ref={requestButton}
            variant="outline"
            size="sm"
            onClick={() => setRequesting(true)}
            aria-haspopup="dialog"
          >
            <ClipboardList className="h-4 w-4" aria-hidden />
            {t('tour.open')}
          </Button>
        </div>
      )}
      {conversation.isGuideView && (
        <div className="px-3 pt-2">
          <Button variant="outline" size="sm" onClick={() => setOffering({ request: null })} aria-haspopup="dialog">
            <HandCoins className="h-4 w-4" aria-hidden />
            {t('offer.make')}
          </Button>
        </div>
      )}
      {offering && (
        <Suspense fallback={null}>
          <OfferForm conversationId={id} request={offering.request} onDone={() => setOffering(null)} />
        </Suspense>
      )}
      {requesting && (
        <TourRequestForm
          conversationId={id}
          guideId={conversation.conversation.guideId}
          onDone={() => setRequesting(false)}
        />
      )}
      <form
        className="flex items-end gap-2 p-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <label htmlFor={`composer-${id}`} className="sr-only">
          {t('thread.composerLabel')}
        </label>
        <textarea
          id={`composer-${id}`}
          rows={1}
          value={draft}
          maxLength={2000}
          disabled={outOfCredits}
          onChange={(e) => {
            setDraft(e.target.value);
            pendingId.current = null;
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              submit();
            }
          }}
          placeholder={t('thread.placeholder')}
          aria-describedby={keyboard ? `composer-hint-${id}` : undefined}
          className="min-h-10 flex-1 resize-none rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-700 dark:bg-stone-950"
        />
        <Button
          type="submit"
          busy={send.isPending}
          disabled={!draft.trim() || outOfCredits}
          aria-label={t('thread.send')}
        >
          <Send className="h-4 w-4" aria-hidden />
          <span className="max-sm:sr-only">{t('thread.send')}</span>
        </Button>
      </form>
      {keyboard && (
        <p id={`composer-hint-${id}`} className="-mt-2 px-3 pb-2 text-xs text-stone-500 dark:text-stone-400">
          {t('thread.hintKeyboard')}
        </p>
      )}
      {send.isError && (
        <p className="px-3 pb-2 text-xs text-danger-600" role="alert">
          {send.error instanceof ApiError && send.error.code === 'rate_limited'
            ? t('thread.tooFast')
            : t('thread.sendFailed')}
        </p>
      )}
    </section>
  );
}
