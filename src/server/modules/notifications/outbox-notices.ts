/**
 * Notices as the outbox keeps them (decision 085): the jobs' kinds, and a notice turned to JSON and
 * back, its fuller mail written out in every language.
 */
import type { CreateSystemMessage, NotificationMail } from './system-message';
import type { Locale } from './text-parts';

/** The job kind that creates notices written to the outbox by another module's transaction. */
export const NOTIFY_JOB = 'notifications.create';
export const CHAT_EMAIL_JOB = 'notifications.chat_email';

/**
 * Words per locale as a job's JSON holds them. A job written before Japanese existed has en and zh-CN
 * only; its Japanese reader gets the English, as the notification centre shows a message without texts.
 */
export type Stored<T> = Partial<Record<Locale, T>> & { en: T };
export const everyLocale = <T>(stored: Stored<T>): Record<Locale, T> => ({
  en: stored.en,
  'zh-CN': stored['zh-CN'] ?? stored.en,
  ja: stored.ja ?? stored.en,
});

/** A notice as the jobs table keeps it: JSON, with a fuller mail written out in every language. */
export type StoredNotice = Omit<CreateSystemMessage, 'mail' | 'expiresAt' | 'text'> & {
  text: Stored<CreateSystemMessage['text'][Locale]>;
  expiresAt?: string;
  mails?: Stored<NotificationMail>;
};
export const toStored = ({ mail, expiresAt, ...rest }: CreateSystemMessage): StoredNotice => ({
  ...rest,
  ...(expiresAt && { expiresAt: expiresAt.toISOString() }),
  ...(mail && { mails: { en: mail('en'), 'zh-CN': mail('zh-CN'), ja: mail('ja') } }),
});
export const fromStored = ({ mails, expiresAt, text, ...rest }: StoredNotice): CreateSystemMessage => ({
  ...rest,
  text: everyLocale(text),
  ...(expiresAt && { expiresAt: new Date(expiresAt) }),
  ...(mails && { mail: (locale: Locale) => everyLocale(mails)[locale] }),
});
