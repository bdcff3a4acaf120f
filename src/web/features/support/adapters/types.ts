import type { AdapterName, SupportPrefill } from '../support-store';

/** One interface for every support chat tool: open it, optionally with a prefilled message. */
export interface SupportAdapter {
  readonly name: AdapterName;
  open(prefill?: SupportPrefill): void;
}
