import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useReducer, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SupportMessage } from '../../../../shared/schemas/support';
import { SUPPORT_MESSAGE_MAX } from '../../../../shared/support-topics';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { KEYBOARD_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { SUPPORT_POLL_MS, useCreateThread, useMyThreads, usePostMessage, useThreadMessages } from '../api/support-api';
import { closeSupport } from '../open-support';
import { useSupportState } from '../support-store';
import { clearStoredThread, readStoredThread, writeStoredThread, type StoredThread } from '../thread-storage';
import { dateTimeFormat } from '../../../lib/intl';
import { currentLocale } from '../../../lib/i18n';

/** The built-in support chat: a panel on desktop, a bottom sheet on phones. */
export default function SupportPanel() {
  const { t, i18n } = useTranslation('support');
  const { prefill, seq } = useSupportState();
  const session = useSession();
  const userId = session?.user.id ?? null;
  const titleId = useId();
  const [, refresh] = useReducer((x: number) => x + 1, 0);

  // The conversation to continue: the one stored on this device (if it belongs to whoever is signed in),
  // else a signed-in user's latest open one.
  const saved = readStoredThread();
  const own = saved && saved.userId === userId ? saved : null;
  const mine = useMyThreads(!!session && !own);
  const latest = mine.data?.data.find((th) => th.status === 'open');
  const stored = useMemo<StoredThread | null>(
    () => own ?? (latest && userId ? { threadId: latest.id, visitorKey: null, userId } : null),
    [own, latest, userId],
  );

  const thread = useThreadMessages(stored, SUPPORT_POLL_MS);
  const create = useCreateThread(userId, () => refresh());
  const post = usePostMessage(stored);
  const gone = thread.error instanceof ApiError && thread.error.status === 404;

  // A new open (with or without a prefill) puts its text in the composer.
  const [draft, setDraft] = useState(prefill?.text ?? '');
  const [seenSeq, setSeenSeq] = useState(seq);
  if (seq !== seenSeq) {
    setSeenSeq(seq);
    if (prefill) setDraft(prefill.text);
  }
  const [email, setEmail] = useState('');
  // Ctrl + Enter is only worth mentioning where there is a keyboard; phones send with the button.
  const keyboard = useMediaQuery(KEYBOARD_QUERY);

  const textRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const messages = thread.data?.messages ?? [];
  useEffect(() => {
    textRef.current?.focus();
  }, [seq]);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    logRef.current?.scrollTo({ top: logRef.current.scrollHeight });
    // Everything shown here has been seen: the button's "new reply" dot goes away.
    if (stored && lastId && (stored.seenId ?? 0) < lastId) writeStoredThread({ ...stored, seenId: lastId });
  }, [lastId, stored]);

  const close = () => {
    closeSupport();
    document.getElementById('support-launcher')?.focus();
  };
  const busy = create.isPending || post.isPending;
  const failure = create.error ?? post.error;

  const send = (e?: FormEvent) => {
    e?.preventDefault();
    if (!draft.trim() || busy) return;
    const done = { onSuccess: () => setDraft('') };
    if (stored && !gone) {
      post.mutate(draft, done);
    } else {
      create.mutate(
        {
          message: draft,
          topic: prefill?.topic ?? 'general',
          locale: currentLocale(),
          pageUrl: window.location.pathname.slice(0, 500),
          ...(!session && email.trim() ? { contactEmail: email.trim() } : {}),
        },
        done,
      );
    }
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send();
  };

  return (
    <section
      id="support-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => e.key === 'Escape' && close()}
      className={cn(
        'fixed inset-x-0 bottom-0 z-50 flex max-h-[85dvh] flex-col rounded-t-2xl border border-stone-200 bg-white shadow-2xl',
        'sm:inset-x-auto sm:bottom-24 sm:right-5 sm:h-[34rem] sm:max-h-[calc(100dvh-8rem)] sm:w-[24rem] sm:rounded-2xl',
        'dark:border-stone-700 dark:bg-stone-900',
      )}
    >
      <header className="flex items-start gap-3 rounded-t-2xl bg-primary-600 px-4 py-3 text-white dark:bg-primary-800">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="text-base font-semibold">
            {t('panel.title')}
          </h2>
          <p className="text-xs text-primary-50">{t('panel.subtitle')}</p>
        </div>
        <button
          type="button"
          onClick={close}
          aria-label={t('panel.close')}
          className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-white hover:bg-white/15"
        >
          <X className="h-5 w-5" aria-hidden />
        </button>
      </header>

      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label={t('panel.conversation')}
        className="min-h-40 flex-1 space-y-3 overflow-y-auto px-4 py-4"
      >
        <Bubble sender="agent" author={t('panel.team')}>
          {t('panel.greeting')}
        </Bubble>
        {thread.isLoading && (
          <p className="text-center text-xs text-stone-500 dark:text-stone-400">{t('panel.loading')}</p>
        )}
        {gone && (
          <div className="rounded-lg bg-stone-100 p-3 text-sm dark:bg-stone-800">
            <p>{t('panel.gone')}</p>
            <button
              type="button"
              className="mt-2 font-medium text-primary-700 underline dark:text-primary-300"
              onClick={() => {
                clearStoredThread();
                refresh();
              }}
            >
              {t('panel.startNew')}
            </button>
          </div>
        )}
        {thread.error && !gone && <p className="text-sm text-danger-600">{t('panel.loadError')}</p>}
        {!gone &&
          messages.map((m) => (
            <Bubble
              key={m.id}
              sender={m.sender}
              author={m.sender === 'agent' ? t('panel.team') : t('panel.you')}
              time={m.createdAt}
              locale={i18n.resolvedLanguage}
            >
              {m.body}
            </Bubble>
          ))}
      </div>

      <form onSubmit={send} className="border-t border-stone-200 p-3 dark:border-stone-700">
        {failure && (
          <p role="alert" className="mb-2 text-sm text-danger-600">
            {errorText(failure, t)}
          </p>
        )}
        {!session && !stored && (
          <div className="mb-2">
            <label htmlFor="support-email" className="block text-xs font-medium text-stone-700 dark:text-stone-300">
              {t('panel.emailLabel')}
            </label>
            <input
              id="support-email"
              type="email"
              autoComplete="email"
              value={email}
              maxLength={200}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby="support-email-hint"
              className="mt-1 h-9 w-full rounded-lg border border-stone-300 bg-white px-3 text-sm dark:border-stone-600 dark:bg-stone-950"
            />
            <p id="support-email-hint" className="mt-1 text-xs text-stone-500 dark:text-stone-400">
              {t('panel.emailHint')}
            </p>
          </div>
        )}
        <label htmlFor="support-message" className="sr-only">
          {t('panel.messageLabel')}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id="support-message"
            ref={textRef}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={onKeyDown}
            rows={4}
            maxLength={SUPPORT_MESSAGE_MAX}
            placeholder={t('panel.placeholder')}
            aria-describedby="support-message-hint"
            className="min-h-[5.5rem] flex-1 resize-none rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm dark:border-stone-600 dark:bg-stone-950"
          />
          <Button type="submit" busy={busy} disabled={!draft.trim()}>
            {t('panel.send')}
          </Button>
        </div>
        <p id="support-message-hint" className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {keyboard ? t('panel.hintKeyboard') : t('panel.hint')}
        </p>
      </form>
    </section>
  );
}

function errorText(error: Error, t: (k: string) => string): string {
  const code = error instanceof ApiError ? error.code : undefined;
  if (code === 'rate_limited') return t('errors.rateLimited');
  if (code === 'validation_failed') return t('errors.invalid');
  if (error instanceof ApiError && error.status === 404) return t('panel.gone');
  return t('errors.generic');
}

function Bubble({
  sender,
  author,
  time,
  locale,
  children,
}: {
  sender: SupportMessage['sender'];
  author: string;
  time?: string;
  locale?: string;
  children: string;
}) {
  const mine = sender === 'visitor';
  return (
    <div className={cn('flex flex-col', mine ? 'items-end' : 'items-start')}>
      <span className="mb-0.5 text-xs text-stone-500 dark:text-stone-400">
        {author}
        {time && <> · {formatTime(time, locale)}</>}
      </span>
      {/* Text only: the message is rendered as a string, never as HTML. */}
      <p
        className={cn(
          'max-w-[85%] whitespace-pre-wrap break-words rounded-2xl px-3 py-2 text-sm',
          mine
            ? 'rounded-br-sm bg-primary-600 text-white dark:bg-primary-500'
            : 'rounded-bl-sm bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
        )}
      >
        {children}
      </p>
    </div>
  );
}

function formatTime(iso: string, locale = 'en'): string {
  const d = new Date(iso);
  const sameDay = d.toDateString() === new Date().toDateString();
  return dateTimeFormat(locale, {
    ...(sameDay ? {} : { month: 'short', day: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(d);
}
