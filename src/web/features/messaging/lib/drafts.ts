import { useCallback, useState } from 'react';

/** Unsent text per user and conversation, for the life of the page. */
const drafts = new Map<string, string>();

/**
 * A conversation's composer text that outlives its thread: a thread that is mounted again (a list
 * reload, a layout change, the floating window and the page) or a switch to another conversation and
 * back keeps what was typed. Keyed by the user too, so nobody else signing in here sees it.
 */
export function useDraft(userId: number, conversationId: number): [string, (text: string) => void] {
  const key = `${userId}:${conversationId}`;
  const [draft, setDraft] = useState(() => drafts.get(key) ?? '');
  const update = useCallback(
    (text: string) => {
      if (text) drafts.set(key, text);
      else drafts.delete(key);
      setDraft(text);
    },
    [key],
  );
  return [draft, update];
}
