import type { Locale } from '../../../shared/locales';

/**
 * The code that proves the owner again before a new way in (decision 183). It says what it is for, so
 * an owner who did not ask knows someone is trying to add a way into the account, and passes it on to no one.
 */
const PROOF_CODE_TEXT: Record<Locale, (code: string, minutes: number) => string> = {
  'zh-CN': (code, minutes) =>
    `【Tabi Guides】您正在为 Tabi Guides 账户添加或更改登录方式，验证码 ${code}，${minutes}分钟内有效。如非本人操作，请勿告诉他人。`,
  ja: (code, minutes) =>
    `【Tabi Guides】アカウントのログイン方法を追加・変更するための認証コードは ${code} です。${minutes}分間有効です。心当たりがない場合は誰にも教えないでください。`,
  en: (code, minutes) =>
    `[Tabi Guides] Your code to add or change a way to sign in to your account is ${code}. It expires in ${minutes} minutes. If you did not ask for it, do not share it with anyone.`,
};

export function proofCodeText(locale: Locale, code: string, minutes: number): string {
  return PROOF_CODE_TEXT[locale](code, minutes);
}
