import type { OfferDeclineReason } from '../../../shared/offers/offer-rules';
import { dayText, japanTime, type CreateSystemMessage } from '../notifications/index';

/** The traveler's reason as the guide reads it (the same words as the chat card's). */
const REASONS: Record<OfferDeclineReason, { en: string; zh: string; ja: string }> = {
  price: { en: 'the price', zh: '价格', ja: '料金' },
  dates_changed: { en: 'their dates changed', zh: '日期有变', ja: '日程が変わった' },
  other_guide: { en: 'they chose another guide', zh: '选择了其他地陪', ja: '別のガイドに決めた' },
  plans_changed: { en: 'their plans changed', zh: '计划有变', ja: '予定が変わった' },
  other: { en: 'another reason', zh: '其他原因', ja: 'その他の理由' },
};

/**
 * Every "no" has its reason (decision 080): a declined offer reaches the guide and a withdrawn one the
 * traveler as a system message (and so by e-mail when they chose it), beside the card in the chat.
 */
export function offerClosedNotice(
  o: { id: number; conversationId: number; travelerId: number; guideUserId: number; date: string },
  to: 'declined' | 'withdrawn',
  reason?: OfferDeclineReason,
): CreateSystemMessage {
  const day = { en: dayText('en', o.date), zh: dayText('zh-CN', o.date), ja: dayText('ja', o.date) };
  const base = {
    type: 'booking' as const,
    actionUrl: `/messages?c=${o.conversationId}`,
    related: { type: 'offer', id: o.id },
    dedupeKey: `offer:${o.id}:${to}`,
  };
  if (to === 'declined') {
    const why = reason ? REASONS[reason] : null;
    return {
      ...base,
      userId: o.guideUserId,
      text: {
        en: {
          title: 'Your offer was declined',
          message: `The traveler declined your offer for ${day.en}.${why ? ` Reason: ${why.en}.` : ''} You can send a new offer in the chat.`,
          actionLabel: 'Open the chat',
        },
        'zh-CN': {
          title: '您的报价被婉拒',
          message: `旅行者婉拒了您 ${day.zh} 的报价。${why ? `原因：${why.zh}。` : ''}您可以在聊天中发送新的报价。`,
          actionLabel: '打开聊天',
        },
        // 辞退 as the chat card says it: the traveler turning down an offer made to them.
        ja: {
          title: 'オファーが辞退されました',
          message: `旅行者が${day.ja}のオファーを辞退しました。${why ? `理由：${why.ja}。` : ''}チャットから新しいオファーを送ることができます。`,
          actionLabel: 'チャットを開く',
        },
      },
    };
  }
  return {
    ...base,
    userId: o.travelerId,
    text: {
      en: {
        title: 'The guide withdrew an offer',
        message: `The offer for ${day.en} was withdrawn and can no longer be booked. Ask the guide in the chat for a new one.`,
        actionLabel: 'Open the chat',
      },
      'zh-CN': {
        title: '地陪撤回了报价',
        message: `${day.zh} 的报价已撤回，无法再预订。您可以在聊天中请地陪重新报价。`,
        actionLabel: '打开聊天',
      },
      ja: {
        title: 'ガイドがオファーを取り下げました',
        message: `${day.ja}のオファーは取り下げられたため、予約できなくなりました。新しいオファーはチャットでガイドにご相談ください。`,
        actionLabel: 'チャットを開く',
      },
    },
  };
}

/**
 * A guide's offer reaches the traveler as a system message too (so by e-mail when they chose it), not
 * only as the chat's card: it closes unbooked at `expiresAt`, which it names in Japan time.
 */
export function offerSentNotice(o: {
  id: number;
  conversationId: number;
  travelerId: number;
  date: string;
  expiresAt: Date;
}): CreateSystemMessage {
  const until = o.expiresAt.toISOString();
  return {
    type: 'booking',
    userId: o.travelerId,
    actionUrl: `/messages?c=${o.conversationId}`,
    related: { type: 'offer', id: o.id },
    dedupeKey: `offer:${o.id}:sent`,
    text: {
      en: {
        title: 'Your guide sent you an offer',
        message: `The guide offers a tour on ${dayText('en', o.date)}. Book it or decline it in the chat by ${japanTime('en', until)}; after that it closes.`,
        actionLabel: 'See the offer',
      },
      'zh-CN': {
        title: '地陪给您发来了报价',
        message: `地陪为您报价了 ${dayText('zh-CN', o.date)} 的行程。请在 ${japanTime('zh-CN', until)} 前在聊天中预订或婉拒，逾期报价将失效。`,
        actionLabel: '查看报价',
      },
      ja: {
        title: 'ガイドからオファーが届きました',
        message: `ガイドから${dayText('ja', o.date)}のツアーのオファーが届きました。${japanTime('ja', until)}までにチャットで予約するか辞退してください。期限を過ぎるとオファーは締め切られます。`,
        actionLabel: 'オファーを見る',
      },
    },
  };
}
