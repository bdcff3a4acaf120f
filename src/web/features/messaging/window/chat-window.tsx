import { useQuery } from '@tanstack/react-query';
import { ExternalLink, GripHorizontal, MessageCircle, Minus, X } from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHeaderDock } from '../../../components/layout/header-dock';
import { useBottomBarOffset } from '../../../components/ui/bottom-bar';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useMediaQuery, WIDE_GUTTER_QUERY } from '../../../lib/use-media-query';
import { openConversation, useMessages } from '../api/conversations';
import { ChatThread } from '../components/chat-thread';
import { closeChatWindow, setChatWindowMinimized, useChatWindow } from './chat-window-store';
import { clampPosition, defaultPosition, moveByKey, WINDOW_SIZE, type Point } from './geometry';
import { useBodyScrollLock } from '../../../lib/use-body-scroll-lock';

const FOCUSABLE =
  'a[href],button:not([disabled]),textarea:not([disabled]),input:not([disabled]),select:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * Floating chat window: the thread with one guide (real-time through the shared socket and
 * query cache), draggable by its title bar with the pointer or, from its grip button, with the arrow
 * keys; minimized to a button in the side margin (or the header on narrower screens); Escape closes it
 * and focus goes back to the button that opened it. On phones it is a full-screen sheet that keeps
 * focus inside until closed.
 */
export default function ChatWindow() {
  const { guideId, guideName, minimized, seq } = useChatWindow();
  const session = useSession();
  if (guideId === null || !session) return null;
  return (
    <Window
      key={guideId}
      guideId={guideId}
      guideName={guideName}
      minimized={minimized}
      seq={seq}
      userId={session.user.id}
    />
  );
}

function Window({
  guideId,
  guideName,
  minimized,
  seq,
  userId,
}: {
  guideId: number;
  guideName: string;
  minimized: boolean;
  seq: number;
  userId: number;
}) {
  const { t } = useTranslation('messaging');
  const phone = !useMediaQuery('(min-width: 640px)');
  const conversation = useQuery({
    queryKey: ['conversations', 'with-guide', guideId],
    queryFn: () => openConversation(guideId).then((r) => r.data),
  });
  const convo = conversation.data;
  const name = convo?.counterpart.name ?? guideName;
  const ref = useRef<HTMLElement>(null);
  const [pos, setPos] = useState<Point>(() => defaultPosition(window.innerWidth, window.innerHeight));
  const drag = useRef<{ dx: number; dy: number; id: number } | null>(null);

  // Keep the window on screen when the viewport changes.
  useEffect(() => {
    const onResize = () => setPos((p) => clampPosition(p, window.innerWidth, window.innerHeight));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);

  // Focus the composer (or the window) on every open and restore.
  useLayoutEffect(() => {
    if (minimized) return;
    const el = ref.current;
    if (!el) return;
    const composer = el.querySelector<HTMLElement>('textarea:not([disabled])');
    (composer ?? el).focus();
  }, [minimized, seq, convo?.conversation.id]);

  // On phones the sheet covers the page: the page behind must not scroll.
  useBodyScrollLock(phone && !minimized);

  // The phone sheet is modal: Escape closes it even if focus has fallen to the page body.
  useEffect(() => {
    if (!phone || minimized) return;
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && !ref.current?.contains(e.target as Node)) closeChatWindow();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [phone, minimized]);

  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        closeChatWindow();
        return;
      }
      // The phone sheet is modal: Tab cycles inside it.
      if (e.key === 'Tab' && phone && ref.current) {
        const items = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const first = items[0]!;
        const last = items[items.length - 1]!;
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        }
      }
    },
    [phone],
  );

  const onPointerDown = (e: PointerEvent<HTMLElement>) => {
    if (phone || e.button !== 0 || (e.target as HTMLElement).closest('button:not([data-drag-handle]),a')) return;
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y, id: e.pointerId };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.preventDefault();
  };
  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    setPos(clampPosition({ x: e.clientX - d.dx, y: e.clientY - d.dy }, window.innerWidth, window.innerHeight));
  };
  const endDrag = (e: PointerEvent<HTMLElement>) => {
    if (drag.current?.id === e.pointerId) drag.current = null;
  };

  if (minimized)
    return (
      <MinimizedChat guideId={guideId} name={name} conversationId={convo?.conversation.id ?? null} userId={userId} />
    );

  return (
    <section
      ref={ref}
      role="dialog"
      aria-modal={phone ? 'true' : 'false'}
      aria-label={t('window.title', { name })}
      tabIndex={-1}
      data-testid="chat-window"
      onKeyDown={onKeyDown}
      style={phone ? undefined : { left: pos.x, top: pos.y, width: WINDOW_SIZE.width, height: WINDOW_SIZE.height }}
      className={cn(
        'fixed z-50 flex flex-col bg-white text-stone-900 outline-none dark:bg-stone-900 dark:text-stone-100',
        phone
          ? 'inset-0'
          : 'max-h-[calc(100dvh-1rem)] rounded-[var(--radius-card)] border border-stone-200 shadow-2xl dark:border-stone-700',
      )}
    >
      <header
        className={cn(
          'flex items-center gap-1 border-b border-stone-200 py-1.5 pl-2 pr-1 dark:border-stone-800',
          !phone && 'cursor-move touch-none select-none rounded-t-[var(--radius-card)]',
        )}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        data-testid="chat-window-titlebar"
      >
        {!phone && (
          <button
            type="button"
            data-drag-handle
            aria-label={t('window.move')}
            title={t('window.move')}
            onKeyDown={(e) => {
              const next = moveByKey(pos, e.key, e.shiftKey);
              if (!next) return;
              e.preventDefault();
              setPos(clampPosition(next, window.innerWidth, window.innerHeight));
            }}
            className="inline-flex h-8 w-8 shrink-0 cursor-move items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 dark:text-stone-400 dark:hover:bg-stone-800"
          >
            <GripHorizontal className="h-4 w-4" aria-hidden />
          </button>
        )}
        <span
          className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary-600 text-sm font-semibold text-white"
          aria-hidden
        >
          {name.slice(0, 1)}
        </span>
        <h2 className="min-w-0 flex-1 truncate px-1 font-semibold" title={name}>
          {name}
        </h2>
        {convo && (
          <Link
            to={`/messages?c=${convo.conversation.id}`}
            onClick={() => closeChatWindow()}
            aria-label={t('window.openFull')}
            title={t('window.openFull')}
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800"
          >
            <ExternalLink className="h-4 w-4" aria-hidden />
          </Link>
        )}
        {!phone && (
          <Button
            variant="ghost"
            size="icon"
            className="h-9 w-9"
            onClick={() => setChatWindowMinimized(true)}
            aria-label={t('window.minimize')}
            title={t('window.minimize')}
          >
            <Minus className="h-4 w-4" aria-hidden />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon"
          className="h-9 w-9"
          onClick={closeChatWindow}
          aria-label={t('window.close')}
          title={t('window.close')}
        >
          <X className="h-5 w-5" aria-hidden />
        </Button>
      </header>
      <div className="min-h-0 flex-1">
        {conversation.isPending && (
          <p className="p-4 text-sm text-stone-600 dark:text-stone-300">{t('window.opening')}</p>
        )}
        {conversation.isError && (
          <div className="space-y-3 p-4" role="alert">
            <p className="text-sm text-danger-600 dark:text-danger-400">{t('window.openFailed')}</p>
            <Button variant="outline" size="sm" onClick={() => void conversation.refetch()}>
              {t('retry')}
            </Button>
          </div>
        )}
        {convo && <ChatThread conversation={convo} userId={userId} compact hideHeader />}
      </div>
    </section>
  );
}

/** The minimized window: one button, in the side margin from 1280 px, otherwise in the header. */
function MinimizedChat({
  guideId,
  name,
  conversationId,
  userId,
}: {
  guideId: number;
  name: string;
  conversationId: number | null;
  userId: number;
}) {
  const { t } = useTranslation('messaging');
  const wide = useMediaQuery(WIDE_GUTTER_QUERY);
  const barOffset = useBottomBarOffset();
  const dock = useHeaderDock();
  const messages = useMessages(conversationId);
  const list = messages.data?.data ?? [];
  const lastId = list.at(-1)?.id ?? 0;
  const [seenId] = useState(lastId);
  const fresh = list.some((m) => m.id > seenId && m.senderId !== userId);
  const button = (
    <button
      type="button"
      data-testid="chat-window-minimized"
      data-guide-id={guideId}
      onClick={() => setChatWindowMinimized(false)}
      title={t('window.restore', { name })}
      style={wide ? barOffset : undefined}
      className={cn(
        'inline-flex items-center justify-center rounded-full',
        wide
          ? 'fixed bottom-[calc(4.5rem+var(--bottom-bar-height,0px))] right-2 z-40 h-12 w-12 border border-stone-200 bg-white text-primary-700 shadow-lg hover:bg-stone-50 dark:border-stone-700 dark:bg-stone-900 dark:text-primary-300'
          : 'relative h-10 w-10 text-primary-700 hover:bg-stone-100 dark:text-primary-300 dark:hover:bg-stone-800',
      )}
    >
      <MessageCircle className="h-5 w-5" aria-hidden />
      <span className="sr-only">{t('window.restore', { name })}</span>
      {fresh && (
        <>
          <span
            className="absolute right-0.5 top-0.5 h-3 w-3 rounded-full border-2 border-white bg-accent-500"
            aria-hidden
            data-testid="chat-window-new"
          />
          <span className="sr-only">{t('window.newMessage')}</span>
        </>
      )}
    </button>
  );
  if (wide) return button;
  return dock ? createPortal(button, dock) : null;
}
