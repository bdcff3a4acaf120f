import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useStartWeChatLink, useUnlinkWeChat, useWeChatLink, useWeChatOffered } from '../api/wechat';
import { phoneOutsideWeChat, WeChatMark } from './wechat-button';

/**
 * WeChat in the account settings (decision 148): link it, to sign in with it afterwards, or unlink it
 * while the account keeps a password. Shown only where WeChat login is offered.
 */
export function WeChatLinkPanel() {
  const { t } = useTranslation('wechat');
  const offered = useWeChatOffered();
  const link = useWeChatLink(offered);
  const start = useStartWeChatLink();
  const unlink = useUnlinkWeChat();
  if (!offered || !link.data) return null;
  const { linked, nickname, canUnlink } = link.data;

  const failed = (err: unknown) => {
    const code = err instanceof ApiError ? err.code : undefined;
    showToast({
      title: t('failed'),
      description: t(code === 'last_sign_in_method' ? 'errors.last_sign_in_method' : 'errors.generic'),
      variant: 'destructive',
    });
  };

  return (
    <Panel id="wechat" title={t('link.title')} description={t('link.help')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          <WeChatMark className="h-5 w-5 shrink-0 text-[#06ad56]" />
          {linked ? t('link.linkedAs', { name: nickname ?? '' }) : t('link.notLinked')}
        </p>
        {linked ? (
          <Button
            variant="outline"
            className="shrink-0"
            busy={unlink.isPending}
            disabled={!canUnlink}
            onClick={() =>
              unlink.mutate(undefined, {
                onSuccess: () => showToast({ title: t('link.unlinked'), variant: 'success' }),
                onError: failed,
              })
            }
          >
            {t('link.unlink')}
          </Button>
        ) : (
          <Button
            variant="outline"
            className="shrink-0"
            busy={start.isPending}
            onClick={() =>
              start.mutate(undefined, { onSuccess: ({ url }) => window.location.assign(url), onError: failed })
            }
          >
            {t('link.link')}
          </Button>
        )}
      </div>
      {linked && !canUnlink && <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t('link.onlyWayIn')}</p>}
      {/*
       * WeChat's QR code cannot be scanned by the phone showing it (decision 185): say how to link from WeChat
       * itself.
       */}
      {!linked && phoneOutsideWeChat() && (
        <p className="mt-3 text-sm text-stone-600 dark:text-stone-400">{t('link.phoneNote')}</p>
      )}
    </Panel>
  );
}
