import { escapeHtml } from '../mail/index';

/** System messages and e-mails of the identity verification, in the recipient's language (您). */
type Locale = 'en' | 'zh-CN';
type Pair = Record<Locale, { title: string; message: string; actionLabel: string }>;

export const identityTexts = {
  approved: (): Pair => ({
    en: { title: 'Your identity is verified', message: 'Thank you! Your ID document and selfie were checked and your identity is now verified.', actionLabel: 'View verification' },
    'zh-CN': { title: '您的身份已验证', message: '感谢您！您的证件和自拍照已审核通过，您已完成身份验证。', actionLabel: '查看验证' },
  }),
  rejected: (reason: string): Pair => ({
    en: { title: 'Your identity verification was not approved', message: `Reason: ${reason}. You can upload new files and submit again.`, actionLabel: 'Verify again' },
    'zh-CN': { title: '您的身份验证未通过', message: `原因：${reason}。您可以重新上传文件并再次提交。`, actionLabel: '重新验证' },
  }),
  changesRequested: (note: string): Pair => ({
    en: { title: 'Changes requested on your identity verification', message: `Please update your files: ${note}`, actionLabel: 'Update files' },
    'zh-CN': { title: '您的身份验证需要修改', message: `请您更新文件：${note}`, actionLabel: '更新文件' },
  }),
};

function mail(locale: Locale, name: string, link: string, body: { en: [string, string, string]; zh: [string, string, string] }) {
  const [subject, paragraph, linkLabel] = locale === 'zh-CN' ? body.zh : body.en;
  const hello = locale === 'zh-CN' ? `${name}，您好：` : `Hello ${name},`;
  const sign = locale === 'zh-CN' ? 'Tabi 日本地陪' : 'Tabi Guides';
  const text = `${hello}\n\n${paragraph}\n\n${linkLabel}: ${link}\n\n${sign}`;
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(paragraph)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p>${sign}</p>`;
  return { subject, textBody: text, htmlBody: html };
}

export function approvedMail(opts: { locale: Locale; name: string; link: string }) {
  return mail(opts.locale, opts.name, opts.link, {
    en: ['Your identity is verified', 'Your ID document and selfie were checked and your identity is now verified. There is nothing else to do.', 'View your verification'],
    zh: ['您的身份已验证', '您的证件和自拍照已审核通过，您已完成身份验证，无需再做任何操作。', '查看您的验证'],
  });
}

export function rejectedMail(opts: { locale: Locale; name: string; link: string; reason: string }) {
  return mail(opts.locale, opts.name, opts.link, {
    en: ['Your identity verification was not approved', `We could not verify your identity. Reason: ${opts.reason}. You can upload new files and submit again.`, 'Verify again'],
    zh: ['您的身份验证未通过', `我们未能完成您的身份验证。原因：${opts.reason}。您可以重新上传文件并再次提交。`, '重新验证'],
  });
}
