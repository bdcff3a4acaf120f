import type { FxRate } from '../../../shared/currency';
import type { Locale } from '../../../shared/locales';
import type { FxFeedFailure } from '../../../shared/schemas/fx';
import { dayText } from '../notifications/index';

/** What went wrong, for the admins' notice (decision 165), in every interface language (decision 144). */
const WHY: Record<Locale, (kind: FxFeedFailure, feedAsOf: string) => string> = {
  en: (kind, feedAsOf) =>
    ({
      timeout: 'it did not answer in time',
      unreachable: 'it could not be reached',
      http_error: 'it answered with an error',
      broken: 'its answer could not be read as reference rates',
      late: `its newest rates are those of ${feedAsOf}`,
    })[kind],
  'zh-CN': (kind, feedAsOf) =>
    ({
      timeout: '未在时限内响应',
      unreachable: '无法连接',
      http_error: '返回了错误',
      broken: '返回的内容无法识别为参考汇率',
      late: `最新汇率仍为${feedAsOf}的数据`,
    })[kind],
  ja: (kind, feedAsOf) =>
    ({
      timeout: '時間内に応答がありませんでした',
      unreachable: '接続できませんでした',
      http_error: 'エラーが返されました',
      broken: '応答を参照レートとして読み取れませんでした',
      late: `最新のレートが${feedAsOf}のままです`,
    })[kind],
};

/**
 * The admins' notice of a day the ECB's feed failed: why, and the rate prices use meanwhile — the
 * last good ECB rate, or (`inUse.source` `fixed`) FX_JPY_PER_CNY when none was ever read.
 */
export function feedTroubleNotice(
  day: string,
  kind: FxFeedFailure,
  feedAsOf: string | null,
  inUse: FxRate,
): Record<Locale, { title: string; message: string }> {
  const fallback = inUse.source !== 'ecb';
  const d = (locale: Locale, date: string | null) => (date ? dayText(locale, date) : '?');
  return {
    en: {
      title: `The ECB exchange rates could not be read (${d('en', day)})`,
      message: fallback
        ? `The ECB's feed failed: ${WHY.en(kind, d('en', feedAsOf))}. No ECB rate has been read yet, so prices use the fixed rate of ${inUse.jpyPerCny} yen per yuan (FX_JPY_PER_CNY) until it answers.`
        : `The ECB's feed failed: ${WHY.en(kind, d('en', feedAsOf))}. Prices keep the last good rate, ${inUse.jpyPerCny} yen per yuan of ${d('en', inUse.asOf)}.`,
    },
    'zh-CN': {
      title: `无法读取欧洲央行汇率（${d('zh-CN', day)}）`,
      message: fallback
        ? `欧洲央行汇率源读取失败：${WHY['zh-CN'](kind, d('zh-CN', feedAsOf))}。目前尚未读到任何欧洲央行汇率，在其恢复之前，价格按固定汇率 1 元 = ${inUse.jpyPerCny} 日元（FX_JPY_PER_CNY）计算。`
        : `欧洲央行汇率源读取失败：${WHY['zh-CN'](kind, d('zh-CN', feedAsOf))}。价格继续使用上一次有效的汇率：${d('zh-CN', inUse.asOf)}的 1 元 = ${inUse.jpyPerCny} 日元。`,
    },
    ja: {
      title: `欧州中央銀行の為替レートを取得できませんでした（${d('ja', day)}）`,
      message: fallback
        ? `欧州中央銀行のレート配信の取得に失敗しました：${WHY.ja(kind, d('ja', feedAsOf))}。同行のレートはまだ一度も取得できていないため、復旧するまで価格には固定レート 1元 = ${inUse.jpyPerCny}円（FX_JPY_PER_CNY）を使います。`
        : `欧州中央銀行のレート配信の取得に失敗しました：${WHY.ja(kind, d('ja', feedAsOf))}。価格には引き続き、最後に取得できた${d('ja', inUse.asOf)}のレート 1元 = ${inUse.jpyPerCny}円を使います。`,
    },
  };
}
