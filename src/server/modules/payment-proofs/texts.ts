import { bookingNumber } from '../../../shared/booking/money-rules';
import type { Locale } from '../../../shared/locales';

type Pair = Record<Locale, { title: string; message: string; actionLabel: string }>;

/** System messages of the payment proof (both parties, in the recipient's language). */
export const proofTexts = {
  uploadedForTraveler: (n: string): Pair => ({
    en: {
      title: 'Payment proof uploaded',
      message: `Your proof of the final payment for booking ${n} was uploaded. Your guide will check it.`,
      actionLabel: 'View proof',
    },
    'zh-CN': {
      title: '付款凭证已上传',
      message: `您已上传预订 ${n} 尾款的付款凭证，地陪将进行核对。`,
      actionLabel: '查看凭证',
    },
    ja: {
      title: '支払い証明をアップロードしました',
      message: `予約（${n}）の当日現地払いの支払い証明をアップロードしました。ガイドが内容を確認します。`,
      actionLabel: '証明を見る',
    },
  }),
  uploadedForGuide: (n: string): Pair => ({
    en: {
      title: 'Payment proof to check',
      message: `The traveler uploaded a proof of the final payment for booking ${n}. Please check it and mark it verified.`,
      actionLabel: 'Check proof',
    },
    'zh-CN': {
      title: '有待核对的付款凭证',
      message: `旅行者已上传预订 ${n} 尾款的付款凭证，请您核对并标记为已验证。`,
      actionLabel: '核对凭证',
    },
    ja: {
      title: '確認が必要な支払い証明があります',
      message: `旅行者が予約（${n}）の当日現地払いの支払い証明をアップロードしました。内容を確認して、確認済みにしてください。`,
      actionLabel: '証明を確認する',
    },
  }),
  verifiedForTraveler: (n: string): Pair => ({
    en: {
      title: 'Payment proof verified',
      message: `Your guide verified the final payment for booking ${n}.`,
      actionLabel: 'View proof',
    },
    'zh-CN': { title: '付款凭证已验证', message: `地陪已确认预订 ${n} 的尾款。`, actionLabel: '查看凭证' },
    ja: {
      title: 'お支払いが確認されました',
      message: `ガイドが予約（${n}）の当日現地払いのお支払いを確認しました。`,
      actionLabel: '証明を見る',
    },
  }),
  verifiedForGuide: (n: string): Pair => ({
    en: {
      title: 'Payment proof verified',
      message: `You verified the final payment for booking ${n}.`,
      actionLabel: 'View proof',
    },
    'zh-CN': { title: '付款凭证已验证', message: `您已确认预订 ${n} 的尾款。`, actionLabel: '查看凭证' },
    ja: {
      title: 'お支払いを確認しました',
      message: `予約（${n}）の当日現地払いのお支払いを確認済みにしました。`,
      actionLabel: '証明を見る',
    },
  }),
};

export { bookingNumber };
