import { Suspense } from 'react';
import { useChatWindow } from './chat-window-store';
import { lazyPart } from '../../../lib/hydration';

const ChatWindow = lazyPart(() => import('./chat-window'));

/** Mounted once in the layout; the window's code and the messaging strings load on first open. */
export function ChatWindowHost() {
  const { guideId } = useChatWindow();
  if (guideId === null) return null;
  return (
    <Suspense fallback={null}>
      <ChatWindow />
    </Suspense>
  );
}
