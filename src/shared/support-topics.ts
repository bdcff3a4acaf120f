/**
 * Support widget constants shared by the web app and the server without pulling in zod
 * (the web app's first load imports these).
 */

/** The seven situations the widget can be opened with a prefilled message for (docs/rules/messaging.md). */
export const SUPPORT_TOPICS = [
  'payment_failure',
  'identity_verification_failure',
  'document_upload_failure',
  'booking_cancelled',
  'payout_failure',
  'guide_application_rejected',
  'general',
] as const;
export type SupportTopic = (typeof SUPPORT_TOPICS)[number];

/** Header an anonymous visitor sends with the key returned when their thread was created. */
export const SUPPORT_KEY_HEADER = 'x-support-key';

export const SUPPORT_MESSAGE_MAX = 4000;
