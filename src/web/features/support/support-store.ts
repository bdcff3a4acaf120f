import { useSyncExternalStore } from 'react';
import type { SupportTopic } from '../../../shared/support-topics';

/** What a widget opens with: the situation and the message text already written for it. */
export interface SupportPrefill {
  topic: SupportTopic;
  text: string;
}

export type AdapterName = 'builtin' | 'crisp';

export interface SupportState {
  /** The built-in panel is showing. */
  panelOpen: boolean;
  /** Waiting for the adapter (a third-party SDK may take up to 5 s, then falls back). */
  connecting: boolean;
  /** The latest prefill; `seq` changes on every open so the composer takes the new text. */
  prefill: SupportPrefill | null;
  seq: number;
  /** Which adapter serves the widget once resolved, and whether it is a fallback. */
  adapter: AdapterName | null;
  fellBack: boolean;
  /** Attempts made to attach the third-party SDK (shown by the test panel). */
  attachAttempts: number;
}

let state: SupportState = {
  panelOpen: false,
  connecting: false,
  prefill: null,
  seq: 0,
  adapter: null,
  fellBack: false,
  attachAttempts: 0,
};
const listeners = new Set<() => void>();

export function getSupportState(): SupportState {
  return state;
}

export function setSupportState(patch: Partial<SupportState>): void {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function useSupportState(): SupportState {
  return useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), getSupportState, getSupportState);
}
