import type { Locale } from '../../../shared/locales';

/**
 * What a code is for. The message names it so a person who did not ask for it (someone else typing
 * their number, or a stolen session adding a number or deleting the account) can tell from the text
 * alone what would happen if they passed the code on (decision 182).
 */
export type CodePurpose = 'sign_in' | 'sign_up' | 'add_phone' | 'delete_account';

/**
 * The code's message in each interface language (decision 147), typed over Locale so a new language
 * fails the build until it has its text (decision 144). The brand in 【】 is how messages from a service
 * open in China, where operators expect the sender's name in the text.
 */
const CODE_TEXT: Record<Locale, Record<CodePurpose, (code: string, minutes: number) => string>> = {
  'zh-CN': {
    sign_in: (code, minutes) =>
      `【Tabi Guides】您正在登录 Tabi Guides，验证码 ${code}，${minutes}分钟内有效。请勿告诉他人。`,
    sign_up: (code, minutes) =>
      `【Tabi Guides】您正在注册 Tabi Guides，验证码 ${code}，${minutes}分钟内有效。请勿告诉他人。`,
    add_phone: (code, minutes) =>
      `【Tabi Guides】您正在将本手机号绑定到 Tabi Guides 账户，验证码 ${code}，${minutes}分钟内有效。如非本人操作，请勿告诉他人。`,
    delete_account: (code, minutes) =>
      `【Tabi Guides】您正在注销 Tabi Guides 账户，验证码 ${code}，${minutes}分钟内有效。如非本人操作，请勿告诉他人。`,
  },
  ja: {
    sign_in: (code, minutes) =>
      `【Tabi Guides】ログイン用の認証コードは ${code} です。${minutes}分間有効です。他の人には教えないでください。`,
    sign_up: (code, minutes) =>
      `【Tabi Guides】新規登録用の認証コードは ${code} です。${minutes}分間有効です。他の人には教えないでください。`,
    add_phone: (code, minutes) =>
      `【Tabi Guides】この電話番号をアカウントに追加するための認証コードは ${code} です。${minutes}分間有効です。心当たりがない場合は誰にも教えないでください。`,
    delete_account: (code, minutes) =>
      `【Tabi Guides】アカウント削除用の認証コードは ${code} です。${minutes}分間有効です。心当たりがない場合は誰にも教えないでください。`,
  },
  en: {
    sign_in: (code, minutes) =>
      `[Tabi Guides] Your sign-in code is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`,
    sign_up: (code, minutes) =>
      `[Tabi Guides] Your code to sign up is ${code}. It expires in ${minutes} minutes. Do not share it with anyone.`,
    add_phone: (code, minutes) =>
      `[Tabi Guides] Your code to add this number to your account is ${code}. It expires in ${minutes} minutes. If you did not ask for it, do not share it with anyone.`,
    delete_account: (code, minutes) =>
      `[Tabi Guides] Your code to delete your account is ${code}. It expires in ${minutes} minutes. If you did not ask for it, do not share it with anyone.`,
  },
};

export function codeText(locale: Locale, purpose: CodePurpose, code: string, minutes: number): string {
  return CODE_TEXT[locale][purpose](code, minutes);
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
