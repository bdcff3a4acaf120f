/** Customer support (docs/rules/messaging.md): the widget, and the one function other features call to open it. */
export { closeSupport, openSupport, prefillFor, SUPPORT_TOPICS, type SupportTopic } from './open-support';
export { SupportWidget } from './components/support-launcher';
export type { SupportAdapter } from './adapters/types';
export type { SupportPrefill } from './support-store';
export { SupportTestPanel } from './components/support-test-panel';
export { HelpNow } from './components/help-now';
