import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ChatWithGuideButton } from '../features/messaging';

/**
 * The chat buttons the pages put into the guide and trip cards (features do not import each other):
 * each opens the floating chat window with that guide; visitors go to /messages, which asks them to log in.
 */
export function GuideCardChat({ guideId, name }: { guideId: number; name: string }) {
  const { t } = useTranslation('guides');
  return (
    <ChatWithGuideButton
      guideId={guideId}
      guideName={name}
      variant="outline"
      size="sm"
      aria-label={t('card.chatWith', { name })}
    >
      <MessageCircle className="h-4 w-4" aria-hidden />
      {t('card.chat')}
    </ChatWithGuideButton>
  );
}

export function TripCardChat({ guideId, name }: { guideId: number; name: string }) {
  const { t } = useTranslation('trips');
  return (
    <ChatWithGuideButton
      guideId={guideId}
      guideName={name}
      variant="ghost"
      size="icon"
      className="shrink-0"
      aria-label={t('card.chatWith', { name })}
    >
      <MessageCircle className="h-5 w-5" aria-hidden />
    </ChatWithGuideButton>
  );
}
