import { guideBookingPath, travelerBookingPath } from '../../../shared/booking/links';
import type { BookingEventMap } from '../bookings/index';
import type { BookingEventSource } from './booking-events';
import type { CreateSystemMessage, NotificationsService } from './notifications.service';
import { bookingNumber } from './templates';

type Updated = BookingEventMap['booking.day_plans_updated'];

/** "Days 2 and 3" in each language; one day as "Day 2". */
function daysText(days: number[]): { en: string; zh: string; ja: string } {
  const list = (sep: string, last: string) =>
    days.length > 1 ? `${days.slice(0, -1).join(sep)}${last}${days.at(-1)}` : String(days[0]);
  return {
    en: `${days.length > 1 ? 'days' : 'day'} ${list(', ', ' and ')}`,
    zh: `第 ${list('、', '、')} 天`,
    ja: `${list('・', '・')}日目`,
  };
}

/**
 * The other side hears that the plan for each day changed (decision 178): which days, by whom, and a
 * link to the booking, where the plans are. The chat carries the details.
 */
export function dayPlansNotice(p: Updated): CreateSystemMessage {
  const n = bookingNumber(p.bookingId);
  const to = p.by === 'traveler' ? p.guideUserId : p.travelerId;
  const d = daysText(p.days);
  const guide = p.by === 'guide';
  return {
    userId: to,
    type: 'booking',
    actionUrl: guide ? travelerBookingPath(p.bookingId) : guideBookingPath(p.bookingId),
    related: { type: 'booking', id: p.bookingId },
    dedupeKey: `booking:${p.bookingId}:day-plans:${p.at}`,
    text: {
      en: {
        title: 'The plan for each day changed',
        message: `The ${guide ? 'guide' : 'traveler'} updated the plan for ${d.en} of booking ${n}.`,
        actionLabel: 'See the plans',
      },
      'zh-CN': {
        title: '每日行程有更新',
        message: `${guide ? '地陪' : '旅行者'}更新了预订 ${n} ${d.zh}的行程。`,
        actionLabel: '查看行程',
      },
      ja: {
        title: '日ごとの予定が更新されました',
        message: `${guide ? 'ガイド' : '旅行者'}が予約（${n}）の${d.ja}の予定を更新しました。`,
        actionLabel: '予定を見る',
      },
    },
  };
}

/** The notices of agreed day plans, until the returned function is called. */
export function subscribeToDayPlans(events: BookingEventSource, service: NotificationsService): () => void {
  return events.on('booking.day_plans_updated', async (p) => {
    await service.create([dayPlansNotice(p)]);
  });
}
