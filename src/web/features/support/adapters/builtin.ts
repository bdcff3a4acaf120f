import { getSupportState, setSupportState } from '../support-store';
import type { SupportAdapter } from './types';

/** The built-in chat: the conversation lives in our own support inbox (POST /api/support/threads). */
export const builtinAdapter: SupportAdapter = {
  name: 'builtin',
  open(prefill) {
    setSupportState({ panelOpen: true, prefill: prefill ?? null, seq: getSupportState().seq + 1 });
  },
};
