import { formatMoney } from '../src/shared/money-format';
import { allowConsoleErrors, expect, signIn, test } from './fixtures';
import { freeSlot } from './slots';

/**
 * One open attempt per deposit in the browser (decision 100): a traveler who comes back from the wallet's
 * page and pays again with the same wallet is sent to the same approval page; choosing the other wallet
 * cancels the first, whose page then says that nothing was charged; the second is approved once. The
 * guide is chosen by name, not as the search's first (which other specs' reviews move): Shinji Okada,
 * a Kyoto guide in yen, whose deposit a wallet charges in yuan (decision 164).
 */
test('paying again returns to the same Alipay page; WeChat Pay replaces it and the old page charges nothing', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The replaced page's approval is refused with 409 payment_canceled: the browser logs that reply.
  allowConsoleErrors(page, /status of 409/);
  const traveler = await signIn(page, 'traveler', undefined, 'en');
  const auth = { authorization: `Bearer ${traveler.token}` };
  const kyoto = (await (await page.request.get('/api/v2/guides?city=kyoto&limit=50')).json()).data as {
    id: number;
    user: { fullName: string };
    currency: string;
  }[];
  const guide = kyoto.find((g) => g.user.fullName === 'Shinji Okada')!;
  expect(guide.currency).toBe('JPY');
  // A pending booking, as 'Continue Payment' finds it: its checkout pays the deposit only.
  const { date, startTime } = await freeSlot(page.request, guide.id, { fromDay: 90 });
  const booked = await page.request.post('/api/v2/bookings', {
    headers: auth,
    data: { guideId: guide.id, date, startTime, durationHours: 2, travelers: 1 },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  // Its deposit as the wallets charge it: in yuan, fixed at the booking's rate.
  const { chargeDepositCents } = await booked.json();
  const pay = `Pay ${formatMoney(chargeDepositCents, 'CNY', 'en')}`;
  const bookingId = (await booked.json()).id as number;

  const payWith = async (wallet: 'Alipay' | 'WeChat Pay') => {
    await page.goto(`/checkout?booking=${bookingId}`);
    await page.getByRole('radio', { name: wallet }).locator('..').click();
    if (wallet === 'Alipay') await page.getByLabel('Alipay account').fill('liwei@example.com');
    else await page.getByLabel('WeChat ID').fill('liwei_88');
    await page.getByRole('button', { name: pay, exact: true }).click();
    await expect(page).toHaveURL(/\/payment-demo\?ref=sim_/);
    return page.url();
  };

  const alipay = await payWith('Alipay');
  expect(alipay).toMatch(/ref=sim_alipay_/);
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout\\?booking=${bookingId}$`));
  expect(await payWith('Alipay')).toBe(alipay);

  const wechat = await payWith('WeChat Pay');
  expect(wechat).toMatch(/ref=sim_wechat_/);
  await page.goto(alipay);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page.getByRole('alert')).toContainText('replaced by a newer payment of the same booking');
  await expect(page.getByRole('alert')).toContainText('Nothing was charged');

  await page.goto(wechat);
  await page.getByRole('button', { name: 'Approve payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/payment-success\\?booking=${bookingId}$`));
  await expect(page.getByText('Paid with WeChat Pay · demo payment, no money moved')).toBeVisible();
  const booking = await (await page.request.get(`/api/v2/bookings/${bookingId}`, { headers: auth })).json();
  expect(booking.payments.map((p: { method: string; status: string }) => `${p.method} ${p.status}`)).toEqual([
    'alipay failed',
    'wechat succeeded',
  ]);
});
