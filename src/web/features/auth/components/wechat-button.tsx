import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isPhoneBrowser, isWeChatBrowser } from '../../../../shared/user-agent';
import { Button, buttonClass } from '../../../components/ui/button';
import { useWeChatOffered, wechatStartUrl } from '../api/wechat';

/** A phone's browser other than WeChat's own: WeChat's website login shows a QR code this very phone cannot scan. */
export const phoneOutsideWeChat = (userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent) =>
  isPhoneBrowser(userAgent) && !isWeChatBrowser(userAgent);

/**
 * The way to WeChat's sign-in from any of the app's WeChat buttons (sign-in, the proof, deleting the
 * account). On a computer, or inside WeChat's browser, a link to the server's start. On a phone's
 * other browser (decision 185) the button opens, in place of a QR code nobody can scan with the phone
 * showing it, how to go on in WeChat: open this page there (copy the link), or show the code to scan
 * with another phone.
 */
export function WeChatStartLink({
  redirect,
  className,
  children,
}: {
  redirect: string | undefined;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('wechat');
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  if (!phoneOutsideWeChat()) {
    return (
      <a href={wechatStartUrl(redirect)} className={className}>
        {children}
      </a>
    );
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div className="grid gap-3">
      <button type="button" className={className} aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {children}
      </button>
      {open && (
        <div className="rounded-[var(--radius-card)] border border-stone-200 bg-stone-50 p-4 text-left text-sm dark:border-stone-800 dark:bg-stone-900">
          <p className="font-medium">{t('phone.title')}</p>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{t('phone.body')}</p>
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <Button type="button" onClick={() => void copy()}>
              {t('phone.copy')}
            </Button>
            <span role="status" className="text-stone-700 dark:text-stone-300">
              {copied === 'yes' ? t('phone.copied') : copied === 'failed' ? t('phone.copyFailed') : ''}
            </span>
          </div>
          <a
            href={wechatStartUrl(redirect)}
            className="mt-3 inline-block text-primary-600 underline dark:text-primary-300"
          >
            {t('phone.qrAnyway')}
          </a>
        </div>
      )}
    </div>
  );
}

/** WeChat's mark, drawn small: two speech bubbles. */
export function WeChatMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} aria-hidden fill="currentColor">
      <path d="M9.2 3.5C5.2 3.5 2 6.2 2 9.6c0 1.9 1 3.6 2.7 4.7l-.7 2.2 2.6-1.4c.8.2 1.7.4 2.6.4h.5a5.6 5.6 0 0 1-.2-1.5c0-3.3 3.1-6 7-6h.5c-.6-2.8-3.7-4.9-7.3-4.9Zm-2.5 3.3a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Zm5 0a.9.9 0 1 1 0 1.8.9.9 0 0 1 0-1.8Z" />
      <path d="M22 14c0-2.8-2.8-5-6-5s-6 2.2-6 5 2.8 5 6 5c.7 0 1.4-.1 2-.3l2 1.1-.5-1.8c1.5-1 2.5-2.4 2.5-4Zm-8-1.5a.8.8 0 1 1 0 1.5.8.8 0 0 1 0-1.5Zm4 0a.8.8 0 1 1 0 1.5.8.8 0 0 1 0-1.5Z" />
    </svg>
  );
}

/**
 * "Continue with WeChat" on the sign-in and sign-up pages, under sign-in by phone (decision 148): a
 * plain link the browser follows to the server's start, which sends it on to WeChat. Nothing shows
 * where WeChat login is not offered.
 */
export function WeChatButton({ redirect }: { redirect: string | undefined }) {
  const { t } = useTranslation('wechat');
  if (!useWeChatOffered()) return null;
  return (
    <div className="mt-3">
      <WeChatStartLink
        redirect={redirect}
        className={buttonClass(
          'outline',
          'lg',
          'w-full gap-2 border-[#07c160] text-success-600 hover:bg-[#07c160]/10 dark:text-[#4ade80]',
        )}
      >
        <WeChatMark className="h-5 w-5" />
        {t('button')}
      </WeChatStartLink>
    </div>
  );
}
