import { DEFAULT_LOCALE, matchLocale, type Locale } from '../../../shared/locales';
import type { JobRunner } from '../../jobs/index';
import type { AppInstance } from '../../lib/types';
import { escapeHtml, queueMails } from '../mail/index';
import { noticeText, type SmsSender } from '../sms/index';
import type { UserRow } from '../users/index';

export type WayIn = 'phone' | 'wechat' | 'email' | 'password';

const TITLE: Record<Locale, Record<WayIn, string>> = {
  en: {
    phone: 'A phone number was added to your Tabi Guides account, or it was changed.',
    wechat: 'A WeChat was linked to your Tabi Guides account.',
    email: 'The e-mail address of your Tabi Guides account was changed.',
    password: 'The password of your Tabi Guides account was changed.',
  },
  'zh-CN': {
    phone: '您的 Tabi 日本地陪账户绑定或更换了手机号。',
    wechat: '您的 Tabi 日本地陪账户绑定了微信。',
    email: '您的 Tabi 日本地陪账户的登录邮箱已更改。',
    password: '您的 Tabi 日本地陪账户的密码已更改。',
  },
  ja: {
    phone: 'Tabi Guidesアカウントに電話番号が登録（または変更）されました。',
    wechat: 'Tabi GuidesアカウントにWeChatが連携されました。',
    email: 'Tabi Guidesアカウントのメールアドレスが変更されました。',
    password: 'Tabi Guidesアカウントのパスワードが変更されました。',
  },
};

/** What to do when it was not the owner: the sessions page (decision 185), where each device signed in can be ended. */
const IF_NOT_YOU: Record<Locale, (link: string) => string> = {
  en: (link) =>
    `If this was not you, open ${link} now: it lists every device signed in to your account, and you can sign out any you do not recognise. Then contact us.`,
  'zh-CN': (link) =>
    `如果这不是您本人的操作，请立即打开 ${link}，查看账户已登录的所有设备，将不认识的设备退出登录，然后联系我们。`,
  ja: (link) =>
    `お心当たりがない場合は、すぐに ${link} を開いてください。アカウントにログイン中の端末がすべて表示され、見覚えのない端末をログアウトさせられます。そのうえでご連絡ください。`,
};

/** The page the notices link to: the account's sessions (decision 185). */
export const SESSIONS_PATH = '/profile/sessions';

const SUBJECT: Record<Locale, string> = {
  en: 'A new way into your Tabi Guides account',
  'zh-CN': '您的 Tabi 日本地陪账户登录方式有变动',
  ja: 'Tabi Guidesアカウントのログイン方法が変更されました',
};

/**
 * Tells every channel the account had before the change — its e-mail address and its verified phone —
 * that a way in was added or changed, in the owner's language (decision 183). `user` is the row before
 * the change, so an old phone or address hears of its replacement. Mail goes through the outbox after
 * the write; a text that fails is logged, the change stands either way.
 */
export class WayInNotices {
  constructor(
    private readonly app: AppInstance,
    private readonly needs: { jobs: Pick<JobRunner, 'soon'>; sms: SmsSender },
  ) {}

  async tell(user: UserRow, wayIn: WayIn, opts: { mail?: boolean } = {}): Promise<void> {
    const locale = matchLocale(user.locale) ?? DEFAULT_LOCALE;
    const link = `${this.app.ctx.config.appUrl}${SESSIONS_PATH}`;
    const title = TITLE[locale][wayIn];
    if (user.email && opts.mail !== false) {
      const textBody = `${title}\n\n${IF_NOT_YOU[locale](link)}\n\nTabi Guides`;
      const htmlBody = `<p>${escapeHtml(title)}</p><p>${escapeHtml(IF_NOT_YOU[locale](link))}</p><p>Tabi Guides</p>`;
      const ids = await queueMails(
        this.app.ctx.database.db,
        [
          {
            toAddress: user.email,
            subject: SUBJECT[locale],
            textBody,
            htmlBody,
            template: 'way_in_changed',
            meta: { userId: user.id, wayIn },
          },
        ],
        new Date(),
      );
      this.needs.jobs.soon(ids);
    }
    if (user.phone && user.phoneVerifiedAt) {
      await this.needs.sms
        .send({ to: user.phone, body: noticeText(locale, title, link), template: 'way_in_changed' })
        .catch((err: unknown) => this.app.log.warn({ err, userId: user.id }, 'way-in notice not texted'));
    }
  }
}
