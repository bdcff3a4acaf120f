import { escapeHtml } from '../mail/index';

/** System messages and e-mails of the guide application, in the recipient's language (地陪, 您). */
type Locale = 'en' | 'zh-CN';
type Pair = Record<Locale, { title: string; message: string; actionLabel: string }>;

export const applicationTexts = {
  approved: (): Pair => ({
    en: { title: 'Your guide application was approved', message: 'Welcome aboard! You are now a guide. Travelers find you in search once your identity is verified and you have open times in the next 60 days: the guide dashboard shows what is still missing.', actionLabel: 'Open guide dashboard' },
    'zh-CN': { title: '您的地陪申请已通过', message: '欢迎加入！您已成为地陪。完成身份认证并在未来 60 天内开放可预约时间后，旅行者即可搜索到您；地陪后台会显示还差什么。', actionLabel: '打开地陪后台' },
  }),
  rejected: (reason: string): Pair => ({
    en: { title: 'Your guide application was not approved', message: `Reason: ${reason}`, actionLabel: 'View application status' },
    'zh-CN': { title: '您的地陪申请未通过', message: `原因：${reason}`, actionLabel: '查看申请状态' },
  }),
  changesRequested: (note: string): Pair => ({
    en: { title: 'Changes requested on your guide application', message: `Please update your application: ${note}`, actionLabel: 'Edit application' },
    'zh-CN': { title: '您的地陪申请需要修改', message: `请您修改申请：${note}`, actionLabel: '修改申请' },
  }),
};

export function approvedMail(opts: { locale: Locale; name: string; link: string }) {
  const { name, link } = opts;
  if (opts.locale === 'zh-CN') {
    const text = `${name}，您好：\n\n恭喜！您的地陪申请已通过。完成身份认证并在未来 60 天内开放可预约时间后，旅行者即可搜索到您。\n\n请在地陪后台查看还差什么，并设置可预约时间和价格：${link}\n\nTabi 日本地陪`;
    const html = `<p>${escapeHtml(name)}，您好：</p><p>恭喜！您的地陪申请已通过。完成身份认证并在未来 60 天内开放可预约时间后，旅行者即可搜索到您。</p><p><a href="${escapeHtml(link)}">打开地陪后台</a>，设置可预约时间和价格。</p><p>Tabi 日本地陪</p>`;
    return { subject: '您的地陪申请已通过', textBody: text, htmlBody: html };
  }
  const text = `Hello ${name},\n\nCongratulations! Your guide application was approved. Travelers find you in search once your identity is verified and you have open times in the next 60 days.\n\nSee what is still missing and set your availability and rates in the guide dashboard: ${link}\n\nTabi Guides`;
  const html = `<p>Hello ${escapeHtml(name)},</p><p>Congratulations! Your guide application was approved. Travelers find you in search once your identity is verified and you have open times in the next 60 days.</p><p><a href="${escapeHtml(link)}">Open the guide dashboard</a> to set your availability and rates.</p><p>Tabi Guides</p>`;
  return { subject: 'Your guide application was approved', textBody: text, htmlBody: html };
}
