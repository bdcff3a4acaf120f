import type { SupportAdapter } from './types';

/** docs/rules/messaging.md: the chat SDK is looked for 10 times, every 0.5 s, before the built-in chat takes over. */
export const CRISP_ATTACH_TRIES = 10;
export const CRISP_ATTACH_INTERVAL_MS = 500;
export const CRISP_SCRIPT_URL = 'https://client.crisp.chat/l.js';

type Command = unknown[];
interface CrispSdk {
  push(command: Command): void;
  is(what: string): boolean;
}
interface CrispWindow {
  $crisp?: CrispSdk | Command[];
  CRISP_WEBSITE_ID?: string;
  CRISP_RUNTIME_CONFIG?: { locale?: string };
}

/** The loader script replaces the `$crisp` queue array with the SDK object once the chatbox is ready. */
function attached(w: CrispWindow): CrispSdk | null {
  const c = w.$crisp;
  return c && !Array.isArray(c) && typeof c.push === 'function' && typeof c.is === 'function' ? c : null;
}

export interface AttachOptions {
  locale?: string;
  user?: { nickname?: string; email?: string };
  tries?: number;
  intervalMs?: number;
  onAttempt?: (attempt: number) => void;
}

/**
 * Loads the Crisp chatbox and waits for it: resolves with an adapter once the SDK is attached, or
 * with null after `tries` attempts `intervalMs` apart (the caller then falls back to the built-in chat).
 * Crisp's own launcher stays hidden: our button opens it, and it hides again when closed.
 */
export function attachCrisp(websiteId: string, opts: AttachOptions = {}): Promise<SupportAdapter | null> {
  const tries = opts.tries ?? CRISP_ATTACH_TRIES;
  const intervalMs = opts.intervalMs ?? CRISP_ATTACH_INTERVAL_MS;
  const w = window as unknown as CrispWindow;
  if (!w.$crisp) {
    const queue: Command[] = [];
    w.$crisp = queue;
    w.CRISP_WEBSITE_ID = websiteId;
    if (opts.locale) w.CRISP_RUNTIME_CONFIG = { locale: opts.locale === 'zh-CN' ? 'zh' : opts.locale };
    // Commands queued before the SDK arrives run once it attaches.
    queue.push(['safe', true]);
    queue.push(['do', 'chat:hide']);
    queue.push(['on', 'chat:closed', () => (w.$crisp as CrispSdk).push(['do', 'chat:hide'])]);
  }
  if (!document.querySelector(`script[src="${CRISP_SCRIPT_URL}"]`)) {
    const script = document.createElement('script');
    script.src = CRISP_SCRIPT_URL;
    script.async = true;
    document.head.appendChild(script);
  }
  return new Promise((resolve) => {
    let attempt = 0;
    const check = () => {
      attempt += 1;
      opts.onAttempt?.(attempt);
      const sdk = attached(w);
      if (sdk) return resolve(crispAdapter(sdk, opts.user));
      if (attempt >= tries) return resolve(null);
      setTimeout(check, intervalMs);
    };
    setTimeout(check, intervalMs);
  });
}

function crispAdapter(sdk: CrispSdk, user: AttachOptions['user']): SupportAdapter {
  if (user?.nickname) sdk.push(['set', 'user:nickname', [user.nickname]]);
  if (user?.email) sdk.push(['set', 'user:email', [user.email]]);
  return {
    name: 'crisp',
    open(prefill) {
      if (prefill) {
        sdk.push(['set', 'session:segments', [[prefill.topic]]]);
        sdk.push(['set', 'message:text', [prefill.text]]);
      }
      sdk.push(['do', 'chat:show']);
      sdk.push(['do', 'chat:open']);
    },
  };
}
