/**
 * A system message as the API shows it (every read goes through `toSystemMessage`) and as another
 * module asks for one (`CreateSystemMessage`, created by notifications.service.ts).
 */
import type { SystemMessage, SystemMessageType } from '../../../shared/schemas/notifications';
import type { SystemMessageRow } from './notifications.repository';
import type { Locale } from './text-parts';

/**
 * The message as the API shows it, in `locale` when its texts hold that language (decision 053);
 * otherwise as stored (the recipient's locale at creation). Every read goes through here.
 */
export const toSystemMessage = (m: SystemMessageRow, locale?: Locale): SystemMessage => {
  const text = locale ? m.texts?.[locale] : undefined;
  return {
    ...fields(m),
    ...(text && { title: text.title, message: text.message, actionLabel: text.actionLabel ?? m.actionLabel }),
  };
};

const fields = (m: SystemMessageRow): SystemMessage => ({
  id: m.id,
  type: m.type,
  title: m.title,
  message: m.message,
  status: m.status,
  createdAt: m.createdAt.toISOString(),
  readAt: m.readAt?.toISOString() ?? null,
  expiresAt: m.expiresAt?.toISOString() ?? null,
  actionable: m.actionUrl !== null,
  actionUrl: m.actionUrl,
  actionLabel: m.actionLabel,
  showContactSupport: m.showContactSupport,
  isErrorMessage: m.isErrorMessage,
  relatedEntityId: m.relatedEntityId,
  relatedEntityType: m.relatedEntityType,
});

export interface CreateSystemMessage {
  userId: number;
  type: SystemMessageType;
  /** Texts per locale; the recipient's locale picks one. */
  text: Record<Locale, { title: string; message: string; actionLabel?: string }>;
  actionUrl?: string;
  expiresAt?: Date;
  showContactSupport?: boolean;
  isErrorMessage?: boolean;
  related?: { type: string; id: number };
  /** The same key for the same user is created once (events may be delivered twice). */
  dedupeKey?: string;
  /**
   * A fuller e-mail than the message itself (an application decision, say), sent instead of the
   * generic one — and, like it, only when the recipient chose e-mail for this kind. A recipient with
   * no e-mail address but a phone number gets a text message with the title and the link instead.
   */
  mail?: (locale: Locale) => NotificationMail;
}

export interface NotificationMail {
  subject: string;
  textBody: string;
  htmlBody: string | null;
  template: string;
}
