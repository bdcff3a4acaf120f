import { bookingNumber } from '../../../shared/booking/money-rules';
import { minutesToTime } from '../../../shared/availability';
import { DEFAULT_LOCALE, matchLocale, type Locale } from '../../../shared/locales';
import type { Database } from '../../db/client';
import type { JobRunner } from '../../jobs/index';
import { escapeHtml, queueMails } from '../mail/index';
import { noticeText, type SmsSender } from '../sms/index';
import { noticeFactsOf } from './octo-bookings.repository';

interface Facts {
  guide: string;
  date: string;
  time: string;
  hours: number;
  people: number;
  number: string;
  reseller: string;
  pending: boolean;
}

/** The traveler's confirmation of a reseller's booking (decision 202), in each language we write. */
const TEXTS: Record<Locale, { subject: (f: Facts) => string; body: (f: Facts) => string }> = {
  en: {
    subject: (f) => (f.pending ? `Your tour request with ${f.guide}` : `Your private tour with ${f.guide} is booked`),
    body: (f) =>
      `${f.pending ? `${f.guide} will confirm your tour shortly.` : `${f.guide} looks forward to meeting you.`} ` +
      `${f.date} from ${f.time} (Japan time), ${f.hours} h, ${f.people} ${f.people === 1 ? 'person' : 'people'}. ` +
      `Booking ${f.number}, booked through ${f.reseller}. For any change, please contact ${f.reseller}.`,
  },
  'zh-CN': {
    subject: (f) => (f.pending ? `您向导游${f.guide}提交的行程申请` : `您与导游${f.guide}的私人行程已预订成功`),
    body: (f) =>
      `${f.pending ? `导游${f.guide}将尽快确认您的行程。` : `导游${f.guide}期待与您见面。`}` +
      `${f.date} ${f.time}（日本时间）开始，${f.hours}小时，${f.people}人。` +
      `预订号 ${f.number}，通过${f.reseller}预订。如需更改，请联系${f.reseller}。`,
  },
  ja: {
    subject: (f) =>
      f.pending
        ? `ガイド${f.guide}へのツアーのお申し込み`
        : `ガイド${f.guide}とのプライベートツアーのご予約が確定しました`,
    body: (f) =>
      `${f.pending ? `ガイド${f.guide}がまもなくツアーを確定します。` : `ガイド${f.guide}がお会いできるのを楽しみにしています。`}` +
      `${f.date} ${f.time}（日本時間）から${f.hours}時間、${f.people}名様。` +
      `予約番号 ${f.number}（${f.reseller}でのご予約）。変更は${f.reseller}までご連絡ください。`,
  },
};

/**
 * Tells the traveler of a reseller's booking that it is booked (or asked of the guide), by e-mail through the outbox
 * and by text message to the phone the reseller passed, in the first of the traveler's languages we write
 * (decision 202). A text that fails is logged; the booking stands either way.
 */
export class OctoNotices {
  constructor(
    private readonly deps: {
      db: Database;
      jobs: Pick<JobRunner, 'soon'>;
      sms: SmsSender;
      log: { warn: (o: object, m: string) => void };
    },
  ) {}

  async confirmed(bookingId: number): Promise<void> {
    const row = await noticeFactsOf(this.deps.db, bookingId);
    const contact = row?.o.contact;
    if (!row || !contact) return;
    const locale = contact.locales.map((l) => matchLocale(l)).find(Boolean) ?? DEFAULT_LOCALE;
    const f: Facts = {
      guide: row.guide,
      date: row.b.date,
      time: minutesToTime(row.b.startMinute),
      hours: (row.b.durationMinutes * row.b.days) / 60,
      people: row.b.travelers,
      number: bookingNumber(row.b.id, row.b.bookingNumber),
      reseller: row.reseller,
      pending: row.b.status === 'confirmed',
    };
    const t = TEXTS[locale];
    if (contact.emailAddress) {
      const text = t.body(f);
      const ids = await queueMails(
        this.deps.db,
        [
          {
            toAddress: contact.emailAddress,
            subject: t.subject(f),
            textBody: `${text}\n\nTabi Guides`,
            htmlBody: `<p>${escapeHtml(text)}</p><p>Tabi Guides</p>`,
            template: 'octo_booking_confirmed',
            meta: { bookingId },
          },
        ],
        new Date(),
      );
      this.deps.jobs.soon(ids);
    }
    if (contact.phoneNumber)
      await this.deps.sms
        .send({
          to: contact.phoneNumber.replace(/[ ()-]/g, ''),
          body: noticeText(locale, t.subject(f), null),
          template: 'octo_booking_confirmed',
        })
        .catch((err: unknown) => this.deps.log.warn({ err, bookingId }, 'reseller booking notice not texted'));
  }
}
