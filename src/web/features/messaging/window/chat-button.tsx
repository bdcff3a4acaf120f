import type { MouseEvent } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { getSession } from '../../../lib/session';
import { openChatWindow } from './chat-window-store';

type Props = Omit<Parameters<typeof ButtonLink>[0], 'to' | 'onClick'> & { guideId: number; guideName: string };

/**
 * A chat button for a guide: signed in, it opens the floating chat window; otherwise (or with a
 * modifier key, or without JavaScript) it is a link to /messages, which asks visitors to log in.
 */
export function ChatWithGuideButton({ guideId, guideName, ...rest }: Props) {
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || !getSession()) return;
    e.preventDefault();
    openChatWindow(guideId, guideName);
  };
  return <ButtonLink to={`/messages?guide=${guideId}`} onClick={onClick} {...rest} />;
}
