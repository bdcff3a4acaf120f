import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Receipt } from '../../../../shared/schemas/receipts';
import { i18next, i18nReady } from '../../../lib/i18n';
import { createQueryClient } from '../../../lib/query-client';
import { ReceiptDocument } from './receipt-document';

/**
 * Each amount of a receipt in its own currency (decision 164): what was paid online in the payment's,
 * what is paid to the guide in person in the booking's, and, when the two differ, the rate the booking
 * was fixed at with its day.
 */
const paidInYuan: Receipt = {
  id: 1,
  kind: 'receipt',
  number: 'R-00000001',
  receiptNumber: null,
  bookingId: 31,
  bookingNumber: 'TG0031',
  paymentKind: 'deposit',
  method: 'alipay',
  cardLast4: null,
  amountCents: 7_793,
  inPersonCents: 6_400,
  currency: 'CNY',
  inPersonCurrency: 'JPY',
  rate: { jpyPerCny: '20.53', asOf: '2026-11-27' },
  paidAt: '2026-11-27T01:00:00Z',
  issuedAt: '2026-11-27T01:00:00Z',
  addressee: 'Li Wei',
  operator: {
    name: 'Tabi Guides KK',
    address: 'Tokyo',
    phone: '03-0000-0000',
    email: 'billing@example.com',
    invoiceNumber: 'T7000012050002',
    fake: false,
  },
};

beforeAll(async () => {
  await i18nReady;
});
afterEach(async () => {
  cleanup();
  await act(() => i18next.changeLanguage('en'));
});

const show = (receipt: Receipt) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReceiptDocument receipt={receipt} />
    </QueryClientProvider>,
  );

describe('a receipt of a yen booking paid in yuan', () => {
  it('says the yuan received, the yen owed in person and the rate, in English', async () => {
    show(paidInYuan);
    const text = (await screen.findByRole('article')).textContent!;
    expect(text).toContain('77.93 RMB');
    expect(text).toContain('¥6,400 (JPY)');
    expect(text).toContain("Converted at the booking's rate: 1 RMB = 20.53 JPY (the rate of Nov 27, 2026).");
  });

  it('in Chinese and in Japanese', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show(paidInYuan);
    let text = (await screen.findByRole('article')).textContent!;
    expect(text).toContain('77.93 元');
    expect(text).toContain('6,400 日元');
    expect(text).toContain('按预订时确定的汇率换算：1 元 = 20.53 日元（2026年11月27日的汇率）。');
    cleanup();
    await act(() => i18next.changeLanguage('ja'));
    show(paidInYuan);
    text = (await screen.findByRole('article')).textContent!;
    expect(text).toContain('77.93 元');
    expect(text).toContain('6,400円');
    expect(text).toContain('予約時に確定したレートで換算しています：1元＝20.53円（2026年11月27日のレート）。');
  });

  it('a credit note of the refund says its yuan and the rate; a receipt in the booking’s own currency names no rate', async () => {
    show({
      ...paidInYuan,
      id: 2,
      kind: 'credit_note',
      number: 'C-00000001',
      receiptNumber: 'R-00000001',
      amountCents: 3_897,
      inPersonCents: 0,
    });
    const note = (await screen.findByRole('article')).textContent!;
    expect(note).toContain('−38.97 RMB');
    expect(note).toContain('1 RMB = 20.53 JPY');
    expect(note).not.toContain('in person');
    cleanup();
    show({ ...paidInYuan, method: 'card', cardLast4: '4242', currency: 'JPY', amountCents: 1_600, rate: null });
    const inYen = (await screen.findByRole('article')).textContent!;
    expect(inYen).toContain('¥1,600 (JPY)');
    expect(inYen).not.toContain('rate');
  });
});

describe('the deposit receipt of a family’s three days (decision 179)', () => {
  const family: Receipt = {
    ...paidInYuan,
    amountCents: 144_000,
    inPersonCents: 115_200,
    rate: { jpyPerCny: '20', asOf: '2026-11-27' },
    tour: {
      guideName: '佐藤由衣',
      date: '2027-01-02',
      days: 3,
      hoursEachDay: 8,
      travelers: 4,
      children: 1,
      infants: 1,
    },
    inPersonAboutCents: 576_000,
    inPersonOn: [
      { day: 1, date: '2027-01-02', cents: 38_400, aboutCents: 192_000 },
      { day: 2, date: '2027-01-03', cents: 38_400, aboutCents: 192_000 },
      { day: 3, date: '2027-01-04', cents: 38_400, aboutCents: 192_000 },
    ],
  };

  it('reads 3 天 × 8 小时, the group on its own, and what to hand the guide each day, as the trip card does', async () => {
    await act(() => i18next.changeLanguage('zh-CN'));
    show(family);
    expect((await screen.findByTestId('receipt-tour')).textContent).toBe(
      '行程3 天 × 8 小时 · 2027年1月2日–4日人数成人 2 位、儿童 1 位、婴儿 1 位',
    );
    const owed = screen.getByTestId('receipt-in-person').textContent!;
    expect(owed).toContain('当面支付给地陪（佐藤由衣），不经平台收取115,200 日元（约 5,760 元）');
    expect(owed).toContain('第 1–3 天（2027年1月2日–4日）每天38,400 日元（约 1,920 元）');
    cleanup();
    await act(() => i18next.changeLanguage('en'));
    show({
      ...family,
      inPersonOn: [
        ...family.inPersonOn!.slice(0, 2),
        { day: 3, date: '2027-01-04', cents: 38_401, aboutCents: 192_005 },
      ],
    });
    expect((await screen.findByTestId('receipt-tour')).textContent).toContain('3 days × 8 hours · Jan 2–4, 2027');
    const en = screen.getByTestId('receipt-in-person').textContent!;
    expect(en).toContain(
      'To pay your guide, 佐藤由衣, in person (not received by Tabi Guides)¥115,200 (JPY, ≈ 5,760 RMB)',
    );
    // The last day carries the remainder: a line of its own.
    expect(en).toContain('Days 1–2, Jan 2–3, 2027, each¥38,400 (JPY, ≈ 1,920 RMB)');
    expect(en).toContain('Day 3, Jan 4, 2027¥38,401 (JPY, ≈ 1,920.05 RMB)');
  });
});
