import type { Locale } from '../../../shared/locales';
import { escapeHtml } from '../mail/index';

/** System messages and e-mails of the guide application, in the recipient's language (地陪, 您; ガイド, です・ます). */
type Pair = Record<Locale, { title: string; message: string; actionLabel: string }>;

export const applicationTexts = {
  approved: (): Pair => ({
    en: {
      title: 'Your guide application was approved',
      message:
        'Welcome aboard! You are now a guide. Travelers find you in search once your identity is verified and you have open times in the next 60 days: the guide dashboard shows what is still missing.',
      actionLabel: 'Open guide dashboard',
    },
    'zh-CN': {
      title: '您的地陪申请已通过',
      message:
        '欢迎加入！您已成为地陪。完成身份认证并在未来 60 天内开放可预约时间后，旅行者即可搜索到您；地陪后台会显示还差什么。',
      actionLabel: '打开地陪后台',
    },
    ja: {
      title: 'ガイドの申請が承認されました',
      message:
        'ようこそ！ガイドとしての登録が完了しました。本人確認を済ませ、今後60日以内に予約可能な時間を公開すると、旅行者の検索結果に表示されます。残りの手順はガイドダッシュボードで確認できます。',
      actionLabel: 'ガイドダッシュボードを開く',
    },
  }),
  rejected: (reason: string): Pair => ({
    en: {
      title: 'Your guide application was not approved',
      message: `Reason: ${reason}`,
      actionLabel: 'View application status',
    },
    'zh-CN': { title: '您的地陪申请未通过', message: `原因：${reason}`, actionLabel: '查看申请状态' },
    ja: { title: 'ガイドの申請は承認されませんでした', message: `理由：${reason}`, actionLabel: '申請状況を見る' },
  }),
  changesRequested: (note: string): Pair => ({
    en: {
      title: 'Changes requested on your guide application',
      message: `Please update your application: ${note}`,
      actionLabel: 'Edit application',
    },
    'zh-CN': { title: '您的地陪申请需要修改', message: `请您修改申请：${note}`, actionLabel: '修改申请' },
    ja: {
      title: 'ガイドの申請内容の修正をお願いします',
      message: `次の点について申請内容の修正をお願いします：${note}`,
      actionLabel: '申請を修正する',
    },
  }),
};

export function approvedMail(opts: { locale: Locale; name: string; link: string }) {
  const { name, link } = opts;
  if (opts.locale === 'ja') {
    // A Latin name keeps its space before 様 (locales/VOICE.md); the brand signs as it is written in Japanese too.
    const text = `${name} 様\n\nおめでとうございます。ガイドの申請が承認されました。本人確認を済ませ、今後60日以内に予約可能な時間を公開すると、旅行者の検索結果に表示されます。\n\nガイドダッシュボードで残りの手順を確認し、予約可能な時間と料金を設定してください：${link}\n\nTabi Guides`;
    const html = `<p>${escapeHtml(name)} 様</p><p>おめでとうございます。ガイドの申請が承認されました。本人確認を済ませ、今後60日以内に予約可能な時間を公開すると、旅行者の検索結果に表示されます。</p><p><a href="${escapeHtml(link)}">ガイドダッシュボード</a>で、予約可能な時間と料金を設定してください。</p><p>Tabi Guides</p>`;
    return { subject: 'ガイドの申請が承認されました', textBody: text, htmlBody: html };
  }
  if (opts.locale === 'zh-CN') {
    const text = `${name}，您好：\n\n恭喜！您的地陪申请已通过。完成身份认证并在未来 60 天内开放可预约时间后，旅行者即可搜索到您。\n\n请在地陪后台查看还差什么，并设置可预约时间和价格：${link}\n\nTabi 日本地陪`;
    const html = `<p>${escapeHtml(name)}，您好：</p><p>恭喜！您的地陪申请已通过。完成身份认证并在未来 60 天内开放可预约时间后，旅行者即可搜索到您。</p><p><a href="${escapeHtml(link)}">打开地陪后台</a>，设置可预约时间和价格。</p><p>Tabi 日本地陪</p>`;
    return { subject: '您的地陪申请已通过', textBody: text, htmlBody: html };
  }
  const text = `Hello ${name},\n\nCongratulations! Your guide application was approved. Travelers find you in search once your identity is verified and you have open times in the next 60 days.\n\nSee what is still missing and set your availability and rates in the guide dashboard: ${link}\n\nTabi Guides`;
  const html = `<p>Hello ${escapeHtml(name)},</p><p>Congratulations! Your guide application was approved. Travelers find you in search once your identity is verified and you have open times in the next 60 days.</p><p><a href="${escapeHtml(link)}">Open the guide dashboard</a> to set your availability and rates.</p><p>Tabi Guides</p>`;
  return { subject: 'Your guide application was approved', textBody: text, htmlBody: html };
}
