import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button';
import { useWeChatOffered, wechatStartUrl } from '../api/wechat';

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
      <a href={wechatStartUrl(redirect)} className={buttonClass('outline', 'lg', 'w-full gap-2 border-[#07c160] text-success-600 hover:bg-[#07c160]/10 dark:text-[#4ade80]')}>
        <WeChatMark className="h-5 w-5" />
        {t('button')}
      </a>
    </div>
  );
}
