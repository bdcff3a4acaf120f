import { isStopCode, parseRealtimeEvent, reconnectDelayMs, type RealtimeEvent } from '../../../../shared/realtime';

/**
 * One WebSocket per browser (docs/rules/messaging.md): tabs elect a leader with the Web Locks API; the leader opens
 * `/ws?token=…` and relays every event to the other tabs over a BroadcastChannel. When the leader's
 * tab closes, the next waiting tab gets the lock and connects. Reconnects with backoff (1 s doubling,
 * capped at 30 s, jitter 0.8–1.2); stops for good on a missing, invalid or expired token; a page
 * restored from the back-forward cache closes its socket and starts afresh.
 */
export interface RealtimeHandle {
  stop(): void;
  /** True while this tab holds the socket and it is open (tests read it through `window.__tabiRealtime`). */
  isLeader(): boolean;
}

const LOCK = 'tabi-realtime-leader';
const CHANNEL = 'tabi-realtime';
/** Relayed to the other tabs when the leader's socket opens (not an event of the protocol). */
const OPENED = 'opened';

/**
 * `onOpen` runs in every tab each time the socket opens, the first time included: pushes sent
 * before it was open are lost, so the caller refreshes what they would have updated.
 */
export function startRealtime(
  token: string,
  onEvent: (e: RealtimeEvent) => void,
  onStopped: () => void,
  onOpen: () => void = () => undefined,
): RealtimeHandle {
  let stopped = false;
  let leader = false;
  let socket: WebSocket | null = null;
  let timer: number | undefined;
  let attempt = 0;
  let releaseLock: (() => void) | null = null;
  const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(CHANNEL) : null;
  channel?.addEventListener('message', (m: MessageEvent<string>) => {
    if (m.data === OPENED) return onOpen();
    const e = typeof m.data === 'string' ? parseRealtimeEvent(m.data) : null;
    if (e) onEvent(e);
  });

  const url = () =>
    `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?token=${encodeURIComponent(token)}`;

  const connect = () => {
    if (stopped) return;
    const ws = new WebSocket(url());
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onOpen();
      channel?.postMessage(OPENED);
    };
    ws.onmessage = (m) => {
      if (typeof m.data !== 'string') return;
      const e = parseRealtimeEvent(m.data);
      if (!e) return;
      onEvent(e);
      channel?.postMessage(m.data);
    };
    ws.onclose = (ev) => {
      if (socket === ws) socket = null;
      if (stopped) return;
      // 4401/4402/4403 (and the 401 of a refused upgrade, which arrives as 1006 before any open)
      // end it: the session is gone. Other closes reconnect with backoff.
      if (isStopCode(ev.code)) {
        stop();
        onStopped();
        return;
      }
      timer = window.setTimeout(connect, reconnectDelayMs(attempt++));
    };
  };

  const becomeLeader = () =>
    new Promise<void>((release) => {
      leader = true;
      releaseLock = release;
      connect();
    });

  if (typeof navigator !== 'undefined' && navigator.locks) {
    void navigator.locks.request(LOCK, () => (stopped ? undefined : becomeLeader())).catch(() => undefined);
  } else {
    void becomeLeader();
  }

  const onPageShow = (ev: PageTransitionEvent) => {
    if (!ev.persisted || !leader) return;
    socket?.close(1000, 'restored from cache');
    socket = null;
    window.clearTimeout(timer);
    attempt = 0;
    connect();
  };
  window.addEventListener('pageshow', onPageShow);

  function stop() {
    stopped = true;
    window.clearTimeout(timer);
    window.removeEventListener('pageshow', onPageShow);
    socket?.close(1000, 'stopped');
    socket = null;
    channel?.close();
    leader = false;
    releaseLock?.();
  }

  return { stop, isLeader: () => leader && socket?.readyState === WebSocket.OPEN };
}
