import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/availability';
import { auth } from '../../test/guide-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  book,
  callAs,
  daysAhead,
  paidByAlipay,
  person,
  yenGuide as makeYenGuide,
  type Person,
} from '../bookings/test-helpers';
import { pdfPages } from '../../test/pdf-runs';

/**
 * A family's three days in the trip PDF (decision 179): the length as "3 天 × 8 小时" and the group on
 * its own, never "24 小时 × 4 人"; the price's lines as charged; the deposit paid with how and when; and
 * what is left to hand the guide, named, in her yen with the yuan the family saw beside, a share each day.
 */
let t: TestApp;
let traveler: Person;
let guide: Awaited<ReturnType<typeof makeYenGuide>>;
let id: number;
const date = daysAhead(35);

const pdf = async (lang: string) =>
  pdfPages(
    (await t.app.inject({ url: `/api/v2/bookings/${id}/pdf?lang=${lang}`, headers: auth(traveler.token) })).rawPayload,
  );
const day = (intl: string, d: string, opts: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(intl, { ...opts, timeZone: 'UTC' }).format(new Date(`${d}T00:00:00Z`));

beforeAll(async () => {
  t = await createTestApp({ seed: 'none' });
  traveler = await person(t);
  const admin = await person(t, { admin: true });
  guide = await makeYenGuide(t, { city: 'kyoto', name: '佐藤由衣' });
  expect((await callAs(t, 'PUT', '/api/admin/fx/rate', admin, { jpyPerCny: '20' })).statusCode).toBe(200);
  // A day: ¥4,000 × 8 h, ¥1,000 × 8 h each for the second adult and the child, the infant free: ¥48,000; ¥144,000 in
  // all. Day 1 at Kyoto Station (chosen from the list), day 2 at a typed place in Nara, day 3 nothing agreed
  // (decision 178).
  const dayPlans = [
    {
      day: 1,
      meetingAddress: '京都站 · 京都府京都市下京区東塩小路町',
      meetingPostalCode: '6008216',
      meetingLat: 34.9858,
      meetingLng: 135.7588,
      startTime: '08:45',
      plan: '伏见稻荷，午饭在锦市场',
    },
    { day: 2, meetingAddress: '奈良公园 东大寺南大门', startTime: '09:30' },
  ];
  const made = await book(t, traveler, {
    guideId: guide.guideId,
    date,
    days: 3,
    dayStartTime: '09:00',
    adults: 2,
    children: 1,
    infants: 1,
    chargeCurrency: 'CNY',
    dayPlans,
  });
  expect(made.statusCode, made.body).toBe(201);
  id = made.json().id;
  await paidByAlipay(t, traveler, id);
});
afterAll(() => t.close());

describe('a family’s three days in the trip PDF', () => {
  it('a block a day: its date and time to meet, its place in the reader’s language with its map, its plan', async () => {
    const zh = (await pdf('zh-CN')).text;
    expect(zh).toContain('每天的安排');
    expect(zh).toMatch(/第 1 天 ?.+08:45 集合（日本时间）/);
    expect(zh).toContain('〒600-8216 京都站 · 京都府京都市下京区東塩小路町');
    expect(zh).toContain('伏见稻荷，午饭在锦市场');
    expect(zh).toMatch(/第 2 天 ?.+09:30 集合（日本时间）/);
    expect(zh).toContain('奈良公园 东大寺南大门');
    expect(zh).toContain('在高德地图中打开');
    const en = (await pdf('en')).text;
    expect(en).toContain('Each day');
    expect(en).toContain('Meet at 08:45 (Japan time)');
    // A listed place in the reader's language, its Japanese address beside.
    expect(en).toContain('〒600-8216 Kyoto Station · 京都府京都市下京区東塩小路町');
    const ja = (await pdf('ja')).text;
    expect(ja).toContain('各日の予定');
    expect(ja).toContain('〒600-8216 京都駅 · 京都府京都市下京区東塩小路町');
    expect(ja).toContain('09:30集合（日本時間）');
  });

  it('zh-CN: 3 天 × 8 小时, the group, the lines, the deposit, and 38,400 日元 to hand over each day', async () => {
    const { text, pages } = await pdf('zh-CN');
    expect(pages).toBeLessThanOrEqual(2);
    expect(text).toContain('3 天 × 8 小时');
    expect(text).toContain('成人 2 位、儿童 1 位、婴儿 1 位');
    expect(text).toContain('地陪费 · 3 天 × 8 小时');
    expect(text).toContain('儿童（3–11 岁）1 位');
    // The policy's "不足 24 小时" aside, no line reads the days' hours added up or multiplied by the group.
    expect(text.replace('不足 24 小时', '')).not.toMatch(/24 ?小时|× ?4 ?人|每天 8 小时/);
    expect(text).toContain('144,000 日元');
    expect(text).toMatch(/已在线支付定金 ?1,440 元/);
    expect(text).toContain('支付宝 · ');
    expect(text).toContain('还需当面支付给地陪（佐藤由衣）');
    expect(text).toContain('115,200 日元（约 5,760 元）');
    expect(text).toContain('每天当面支付当天的部分：');
    for (const [n, d] of [0, 1, 2].map((i) => [i + 1, addDays(date, i)] as const)) {
      expect(text).toMatch(
        new RegExp(
          `第 ${n} 天（${day('zh-CN', d, { month: 'long', day: 'numeric', weekday: 'long' })}） ?38,400 日元（约 1,920 元）`,
        ),
      );
    }
  });

  it('en and ja: 3 days × 8 hours, 3日間 × 8時間', async () => {
    const en = (await pdf('en')).text;
    expect(en).toContain('3 days × 8 hours');
    expect(en).toContain('2 adults, 1 child, 1 infant');
    expect(en).toContain('Guide · 3 days × 8 hours');
    expect(en).not.toMatch(/24 h\b|× 4 people/);
    expect(en).toContain('Still to pay your guide, 佐藤由衣, in person');
    expect(en).toContain('¥115,200 (JPY, ≈ 5,760 RMB)');
    expect(en).toMatch(
      new RegExp(
        `Day 3, ${day('en-US', addDays(date, 2), { month: 'short', day: 'numeric', weekday: 'short' })} ?¥38,400 \\(JPY, ≈ 1,920 RMB\\)`,
      ),
    );
    const ja = (await pdf('ja')).text;
    expect(ja).toContain('3日間 × 8時間');
    expect(ja).toContain('大人 2名、お子さま 1名、乳幼児 1名');
    expect(ja).toContain('ガイド料・3日間 × 8時間');
    expect(ja).toContain('ガイド（佐藤由衣さん）へ直接お支払いいただく残金');
    expect(ja).toContain('115,200円（約 5,760 元）');
    expect(ja).toMatch(/2日目・.+ ?38,400円（約 1,920 元）/);
  });
});
