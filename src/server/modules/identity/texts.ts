import type { Locale } from '../../../shared/locales';
import { escapeHtml } from '../mail/index';

/** System messages and e-mails of the identity verification, in the recipient's language (您, です・ます). */
type Pair = Record<Locale, { title: string; message: string; actionLabel: string }>;

export const identityTexts = {
  approved: (): Pair => ({
    en: {
      title: 'Your identity is verified',
      message: 'Thank you! Your ID document and selfie were checked and your identity is now verified.',
      actionLabel: 'View verification',
    },
    'zh-CN': {
      title: '您的身份已验证',
      message: '感谢您！您的证件和自拍照已审核通过，您已完成身份验证。',
      actionLabel: '查看验证',
    },
    ja: {
      title: '本人確認が完了しました',
      message: 'ありがとうございます。本人確認書類と自撮り写真の確認が終わり、本人確認が完了しました。',
      actionLabel: '本人確認を見る',
    },
  }),
  rejected: (reason: string): Pair => ({
    en: {
      title: 'Your identity verification was not approved',
      message: `Reason: ${reason}. You can upload new files and submit again.`,
      actionLabel: 'Verify again',
    },
    'zh-CN': {
      title: '您的身份验证未通过',
      message: `原因：${reason}。您可以重新上传文件并再次提交。`,
      actionLabel: '重新验证',
    },
    ja: {
      title: '本人確認が承認されませんでした',
      message: `理由：${reason}。新しいファイルをアップロードして、もう一度お申し込みください。`,
      actionLabel: 'もう一度本人確認する',
    },
  }),
  changesRequested: (note: string): Pair => ({
    en: {
      title: 'Changes requested on your identity verification',
      message: `Please update your files: ${note}`,
      actionLabel: 'Update files',
    },
    'zh-CN': { title: '您的身份验证需要修改', message: `请您更新文件：${note}`, actionLabel: '更新文件' },
    ja: {
      title: '本人確認書類の修正をお願いします',
      message: `次の点について書類の更新をお願いします：${note}`,
      actionLabel: '書類を更新する',
    },
  }),
};

function mail(
  locale: Locale,
  name: string,
  link: string,
  body: { en: [string, string, string]; zh: [string, string, string]; ja: [string, string, string] },
) {
  const [subject, paragraph, linkLabel] = locale === 'ja' ? body.ja : locale === 'zh-CN' ? body.zh : body.en;
  // A Latin name keeps its space before 様 (locales/VOICE.md); the Japanese label takes a full-width colon.
  const hello = locale === 'ja' ? `${name} 様` : locale === 'zh-CN' ? `${name}，您好：` : `Hello ${name},`;
  const sign = locale === 'zh-CN' ? 'Tabi 日本地陪' : 'Tabi Guides';
  const text = `${hello}\n\n${paragraph}\n\n${linkLabel}${locale === 'ja' ? '：' : ': '}${link}\n\n${sign}`;
  const html = `<p>${escapeHtml(hello)}</p><p>${escapeHtml(paragraph)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(linkLabel)}</a></p><p>${sign}</p>`;
  return { subject, textBody: text, htmlBody: html };
}

export function approvedMail(opts: { locale: Locale; name: string; link: string }) {
  return mail(opts.locale, opts.name, opts.link, {
    en: [
      'Your identity is verified',
      'Your ID document and selfie were checked and your identity is now verified. There is nothing else to do.',
      'View your verification',
    ],
    zh: ['您的身份已验证', '您的证件和自拍照已审核通过，您已完成身份验证，无需再做任何操作。', '查看您的验证'],
    ja: [
      '本人確認が完了しました',
      '本人確認書類と自撮り写真の確認が終わり、本人確認が完了しました。これ以上のお手続きは必要ありません。',
      '本人確認の状況を見る',
    ],
  });
}

export function rejectedMail(opts: { locale: Locale; name: string; link: string; reason: string }) {
  return mail(opts.locale, opts.name, opts.link, {
    en: [
      'Your identity verification was not approved',
      `We could not verify your identity. Reason: ${opts.reason}. You can upload new files and submit again.`,
      'Verify again',
    ],
    zh: [
      '您的身份验证未通过',
      `我们未能完成您的身份验证。原因：${opts.reason}。您可以重新上传文件并再次提交。`,
      '重新验证',
    ],
    ja: [
      '本人確認が承認されませんでした',
      `本人確認を完了できませんでした。理由：${opts.reason}。新しいファイルをアップロードして、もう一度お申し込みください。`,
      'もう一度本人確認する',
    ],
  });
}
