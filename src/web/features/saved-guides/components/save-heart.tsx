import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/session';
import { useToggleSavedGuide } from '../api/save-guide';
import { withToast } from '../../../lib/toast';

/**
 * The save heart on cards and profiles. Visitors get the 'Login required' toast with a way to log
 * in and come back; failures get 'Action failed' (docs/rules/look-and-language.md). The heart flips at once and
 * flips back if the server says no.
 */
export function SaveHeart({ guideId, saved, size = 'md' }: { guideId: number; saved: boolean; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('guides');
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const toggle = useToggleSavedGuide(session?.user.id);
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const isSaved = optimistic ?? saved;

  const onClick = () => {
    if (!session) {
      const redirect = encodeURIComponent(location.pathname + location.search);
      withToast((toast) =>
        toast(t('save.loginRequired'), {
          id: 'save-login-required',
          description: t('save.loginRequiredBody'),
          action: { label: t('save.login'), onClick: () => navigate(`/login?redirect=${redirect}`) },
        }),
      );
      return;
    }
    const next = !isSaved;
    setOptimistic(next);
    toggle.mutate(
      { guideId, save: next },
      {
        onError: () => {
          setOptimistic(!next);
          withToast((toast) =>
            toast.error(t('save.failedTitle'), { id: 'save-failed', description: t('save.failedBody') }),
          );
        },
        onSuccess: () => setOptimistic(null),
      },
    );
  };

  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={isSaved}
      aria-label={isSaved ? t('save.unsave') : t('save.save')}
      title={isSaved ? t('save.unsave') : t('save.save')}
      disabled={toggle.isPending}
      className={cn(
        'inline-flex items-center justify-center rounded-full bg-white/95 shadow transition hover:scale-105 disabled:opacity-70 dark:bg-stone-900/95',
        size === 'lg' ? 'h-11 w-11' : 'h-9 w-9',
      )}
    >
      <Heart
        className={cn(
          size === 'lg' ? 'h-6 w-6' : 'h-5 w-5',
          isSaved ? 'fill-accent-500 text-accent-500' : 'text-stone-600 dark:text-stone-300',
        )}
        aria-hidden
      />
    </button>
  );
}
