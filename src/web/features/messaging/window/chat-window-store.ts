import { useSyncExternalStore } from 'react';

/**
 * The floating chat window: which guide it is open with, and whether it is minimized.
 * Guide cards, the guide profile and trips cards call `openChatWindow`; the window itself loads
 * only when first opened.
 */
export interface ChatWindowState {
  /** The guide listing the chat is with; null while closed. */
  guideId: number | null;
  /** Shown in the title bar while the conversation loads. */
  guideName: string;
  minimized: boolean;
  /** Changes on every open, so a second open of the same guide restores and focuses the window. */
  seq: number;
}

let state: ChatWindowState = { guideId: null, guideName: '', minimized: false, seq: 0 };
const listeners = new Set<() => void>();
/** The element that opened the window, to give focus back when it closes. */
let opener: HTMLElement | null = null;

function set(patch: Partial<ChatWindowState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export const getChatWindowState = (): ChatWindowState => state;

export function openChatWindow(guideId: number, guideName: string): void {
  opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  set({ guideId, guideName, minimized: false, seq: state.seq + 1 });
}

export function closeChatWindow(): void {
  set({ guideId: null, minimized: false });
  const back = opener;
  opener = null;
  if (back?.isConnected) back.focus();
}

export const setChatWindowMinimized = (minimized: boolean): void => set({ minimized });

export function useChatWindow(): ChatWindowState {
  return useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    getChatWindowState,
    getChatWindowState,
  );
}
