import type { Locale } from '../../../shared/locales';

/**
 * The sign-in code's message in each interface language (decision 147), typed over Locale so a new
 * language fails the build until it has its text (decision 144). The brand in 【】 is how messages from
 * a service open in China, where operators expect the sender's name in the text.
 */
const CODE_TEXT: Record<Locale, (code: string, minutes: number) => string> = {
  'zh-CN': (code, minutes) => `【Tabi Guides】验证码 ${code}，${minutes}分钟内有效。请勿告诉他人。`,
  ja: (code, minutes) => `【Tabi Guides】認証コードは ${code} です。${minutes}分間有効です。他の人には教えないでください。`,
  en: (code, minutes) => `[Tabi Guides] Your code is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`,
};

export function codeText(locale: Locale, code: string, minutes: number): string {
  return CODE_TEXT[locale](code, minutes);
}

/**
 * A notice for an account with only a phone number: its title and where to read it, opened with the
 * brand the same way as the code's message.
 */
const NOTICE_TEXT: Record<Locale, (title: string, link: string | null) => string> = {
  'zh-CN': (title, link) => `【Tabi Guides】${title}${link ? ` 详情：${link}` : ''}`,
  ja: (title, link) => `【Tabi Guides】${title}${link ? ` 詳細：${link}` : ''}`,
  en: (title, link) => `[Tabi Guides] ${title}${link ? ` Details: ${link}` : ''}`,
};

export function noticeText(locale: Locale, title: string, link: string | null): string {
  return NOTICE_TEXT[locale](title, link);
}
