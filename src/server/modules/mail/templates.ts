/** E-mail texts in the recipient's language (the locale they used, else English), shaped for the outbox row. */
import type { Locale } from '../../../shared/locales';
import { escapeHtml } from './layout';

export function passwordResetMail(opts: { locale: Locale; name: string; link: string }) {
  const { link } = opts;
  const name = opts.name;
  if (opts.locale === 'ja') {
    const text = `${name} 様\n\nTabi Guidesアカウントのパスワード再設定のご依頼を受け付けました。1時間以内に以下のリンクを開き、新しいパスワードを設定してください（リンクは1回のみ有効です）。\n\n${link}\n\nお心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。\n\nTabi Guides`;
    const html = `<p>${escapeHtml(name)} 様</p><p>Tabi Guidesアカウントのパスワード再設定のご依頼を受け付けました。1時間以内に以下のリンクを開き、新しいパスワードを設定してください（リンクは1回のみ有効です）。</p><p><a href="${escapeHtml(link)}">パスワードを再設定する</a></p><p>お心当たりがない場合は、このメールを破棄してください。パスワードは変更されません。</p><p>Tabi Guides</p>`;
    return { subject: 'Tabi Guidesのパスワード再設定', textBody: text, htmlBody: html };
  }
  if (opts.locale === 'zh-CN') {
    const text = `${name}，您好：\n\n我们收到了重置您 Tabi 日本地陪账户密码的请求。请在 1 小时内打开以下链接设置新密码（链接只能使用一次）：\n\n${link}\n\n如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。\n\nTabi 日本地陪`;
    const html = `<p>${escapeHtml(name)}，您好：</p><p>我们收到了重置您 Tabi 日本地陪账户密码的请求。请在 1 小时内打开以下链接设置新密码（链接只能使用一次）：</p><p><a href="${escapeHtml(link)}">重置密码</a></p><p>如果这不是您本人的操作，请忽略这封邮件，您的密码不会改变。</p><p>Tabi 日本地陪</p>`;
    return { subject: '重置您的 Tabi 日本地陪密码', textBody: text, htmlBody: html };
  }
  const text = `Hello ${name},\n\nWe received a request to reset the password of your Tabi Guides account. Open this link within 1 hour to choose a new password (it works once):\n\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n\nTabi Guides`;
  const html = `<p>Hello ${escapeHtml(name)},</p><p>We received a request to reset the password of your Tabi Guides account. Open this link within 1 hour to choose a new password (it works once):</p><p><a href="${escapeHtml(link)}">Reset your password</a></p><p>If you did not ask for this, ignore this e-mail: your password stays the same.</p><p>Tabi Guides</p>`;
  return { subject: 'Reset your Tabi Guides password', textBody: text, htmlBody: html };
}

/** To the old address after an e-mail change, so an owner who did not make it learns of it. */
export function emailChangedMail(opts: { locale: Locale; name: string; newEmail: string; helpLink: string }) {
  const { name, newEmail, helpLink } = opts;
  if (opts.locale === 'ja') {
    const text = `${name} 様\n\nTabi Guidesアカウントのログイン用メールアドレスが ${newEmail} に変更されました。今後のメールは新しいアドレスにお送りします。\n\nお心当たりがない場合は、すぐにご連絡ください：${helpLink}\n\nTabi Guides`;
    const html = `<p>${escapeHtml(name)} 様</p><p>Tabi Guidesアカウントのログイン用メールアドレスが <strong>${escapeHtml(newEmail)}</strong> に変更されました。今後のメールは新しいアドレスにお送りします。</p><p>お心当たりがない場合は、すぐに<a href="${escapeHtml(helpLink)}">ご連絡ください</a>。</p><p>Tabi Guides</p>`;
    return { subject: 'Tabi Guidesのメールアドレスが変更されました', textBody: text, htmlBody: html };
  }
  if (opts.locale === 'zh-CN') {
    const text = `${name}，您好：\n\n您的 Tabi 日本地陪账户的登录邮箱已改为 ${newEmail}。今后的邮件将发送到新邮箱。\n\n如果这不是您本人的操作，请立即联系我们：${helpLink}\n\nTabi 日本地陪`;
    const html = `<p>${escapeHtml(name)}，您好：</p><p>您的 Tabi 日本地陪账户的登录邮箱已改为 <strong>${escapeHtml(newEmail)}</strong>。今后的邮件将发送到新邮箱。</p><p>如果这不是您本人的操作，请立即<a href="${escapeHtml(helpLink)}">联系我们</a>。</p><p>Tabi 日本地陪</p>`;
    return { subject: '您的 Tabi 日本地陪邮箱已更改', textBody: text, htmlBody: html };
  }
  const text = `Hello ${name},\n\nThe e-mail address of your Tabi Guides account was changed to ${newEmail}. E-mails now go to the new address.\n\nIf you did not make this change, contact us right away: ${helpLink}\n\nTabi Guides`;
  const html = `<p>Hello ${escapeHtml(name)},</p><p>The e-mail address of your Tabi Guides account was changed to <strong>${escapeHtml(newEmail)}</strong>. E-mails now go to the new address.</p><p>If you did not make this change, <a href="${escapeHtml(helpLink)}">contact us</a> right away.</p><p>Tabi Guides</p>`;
  return { subject: 'Your Tabi Guides e-mail address was changed', textBody: text, htmlBody: html };
}
