import { convertMinor } from '../src/shared/currency';
import { formatBeside, formatMoney } from '../src/shared/money-format';
import { expect, pickDate, signUpByApi, test } from './fixtures';
import { approvedApplicant, auth, openAllWeek, tourDay, verifiedIdentity } from './guide-helpers';
import { look, phoneAs, word } from './japanese-look';
import { freeSlot } from './slots';

/**
 * The chat's offer and the tour day in Japanese on 375 px phones (decision 144), with the same checks on
 * every page as e2e/japanese.spec.ts (`look`): a new traveler whose account is in Japanese asks a new
 * guide, whose account is in Japanese too, for a tour in chat, the guide answers with an offer (decision 078), the
 * traveler books it and pays the deposit; on the tour's day both confirm the start, the traveler completes the service
 * and both review. People of its own keep the demo accounts' seeded stories as seeded (e2e/slots.ts).
 */
test('a Japanese guide answers a tour request with an offer, the traveler books it, and the tour runs on its day, on phones', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // A guide of their own, open every day: the tour day moves the booking to now, where the demo guide has tours of the
  // seed.
  const applicant = await approvedApplicant(request, '佐藤 美咲');
  await verifiedIdentity(request, applicant.token);
  await openAllWeek(request, applicant.token);
  const switched = await request.patch('/api/me', { headers: auth(applicant.token), data: { locale: 'ja' } });
  expect(switched.status(), await switched.text()).toBe(200);
  const account = await signUpByApi(request, { prefix: 'jt', fullName: '山田 花子', locale: 'ja' });
  const traveler = await phoneAs(browser, account.username, { password: account.password });
  const guide = await phoneAs(browser, applicant.username, { password: applicant.password });
  const t = traveler.page;
  const g = guide.page;
  const listing = (await (await g.request.get('/api/guides/me', { headers: guide.auth })).json()).id as number;
  const conversation = (
    await (
      await t.request.post('/api/conversations', { headers: auth(account.token), data: { guideId: listing } })
    ).json()
  ).data.conversation.id as number;
  const slot = await freeSlot(request, listing, { fromDay: 20, notBefore: '10:00' });
  const itinerary = '東大寺から春日大社まで、ゆっくり歩きたいです。';

  // The traveler asks for a tour from the chat; typing 近鉄奈良 offers the station by its Japanese name.
  await t.goto(`/messages?c=${conversation}`);
  await look(t, 'chat-traveler');
  await t.getByRole('button', { name: word('messaging', 'tour.open') }).click();
  const form = t.getByTestId('tour-request-form');
  await pickDate(form.locator('[role=group]:has(input[name=date])'), slot.date);
  await form.locator('[name=startTime]').fill(slot.startTime);
  await form.locator('[name=durationHours]').fill('2');
  await form.locator('[name=travelers]').fill('2');
  await form.locator('[name=itinerary]').fill(itinerary);
  const address = form.getByRole('combobox', { name: word('messaging', 'tour.address') });
  await address.pressSequentially('近鉄奈良');
  const option = form
    .getByRole('listbox', { name: word('common', 'meetingPoint.listLabel') })
    .getByRole('option')
    .first();
  await expect(option).toContainText('近鉄奈良駅');
  await look(t, 'tour-request-picker');
  await address.press('ArrowDown');
  await address.press('Enter');
  await expect(form.locator('[name=meetingPostalCode]')).toHaveValue('630-8215');
  const service = form.locator('[name=subcategoryId]');
  await expect(service).toBeEnabled();
  await service.selectOption({ index: 1 });
  await look(t, 'tour-request-form');
  await form.getByRole('button', { name: word('messaging', 'tour.send') }).click();
  await expect(form).toBeHidden();
  await expect(t.getByTestId('tour-request-card').filter({ hasText: itinerary })).toHaveAttribute(
    'data-status',
    'pending',
  );
  await look(t, 'tour-request-sent');

  // The guide answers with an offer, prefilled from the request.
  await g.goto(`/messages?c=${conversation}`);
  const guideRequest = g.getByTestId('tour-request-card').filter({ hasText: itinerary });
  await expect(guideRequest).toBeVisible();
  await look(g, 'chat-guide-request');
  await guideRequest.getByRole('button', { name: word('messaging', 'offer.make') }).click();
  const offerForm = g.getByTestId('offer-form');
  await expect(offerForm.locator('[name=itinerary]')).toHaveValue(itinerary);
  await expect(offerForm.locator('[name=meetingPostalCode]')).toHaveValue('630-8215');
  await offerForm.locator('[name=fee]').fill('550');
  await look(g, 'offer-form');
  await offerForm.getByRole('button', { name: word('messaging', 'offer.send') }).click();
  await expect(offerForm).toBeHidden();
  await expect(g.getByTestId('offer-card').filter({ hasText: itinerary })).toHaveAttribute('data-status', 'open');
  await look(g, 'offer-sent');

  // The traveler sees the offer in Japanese and books it with one tap.
  const offer = t.getByTestId('offer-card').filter({ hasText: itinerary });
  await expect(offer).toHaveAttribute('data-status', 'open');
  // In the reader's yen at the rate the offer was priced at, the guide's 550 元 beside it (decision 169).
  const { jpyPerCny } = await (await request.get('/api/v2/fx/rate')).json();
  await expect(offer.getByTestId('offer-fee')).toHaveText(
    formatBeside(
      { minor: convertMinor(55_000, 'CNY', 'JPY', jpyPerCny), currency: 'JPY' },
      { minor: 55_000, currency: 'CNY' },
      'ja',
    ),
  );
  await offer.scrollIntoViewIfNeeded();
  await look(t, 'offer-card');
  await offer.getByRole('link', { name: word('messaging', 'offer.book') }).click();
  await expect(t).toHaveURL(/\/checkout\?offer=\d+$/);
  await expect(t.getByTestId('meeting-fixed')).toContainText('〒630-8215');
  // A Japanese reader starts on the card (the payment methods' order, decision 144).
  await t.getByLabel(word('bookings', 'payment.cardNumber')).fill('4242424242424242');
  await t.getByLabel(word('bookings', 'payment.expiry')).pressSequentially('1230');
  await t.getByLabel('CVV').fill('123');
  await t.getByLabel(word('bookings', 'payment.holder')).fill('Yamada Hanako');
  await look(t, 'checkout-offer');
  // A card is charged in the yen she reads, the 110 元 deposit converted at the offer's rate (decision 169).
  await t
    .getByRole('button', {
      name: `${formatMoney(convertMinor(11_000, 'CNY', 'JPY', jpyPerCny), 'JPY', 'ja')}を支払う`,
      exact: true,
    })
    .click();
  await expect(t).toHaveURL(/\/payment-success\?booking=\d+$/);
  // The URL changes before the page does: the checkout's heading stays until the success page has read the booking.
  await expect(t.getByRole('heading', { level: 1, name: word('bookings', 'success.heading') })).toBeVisible();
  await look(t, 'payment-success-offer');
  const bookingId = Number(new URL(t.url()).searchParams.get('booking'));
  const booking = (await (
    await t.request.get(`/api/v2/bookings/${bookingId}`, { headers: auth(account.token) })
  ).json()) as { status: string; bookingNumber: string };
  expect(booking.status).toBe('upcoming');
  await t.goto(`/messages?c=${conversation}`);
  await expect(offer.getByTestId('offer-status')).toHaveText(
    word('messaging', 'offer.status.bookedAs').replace('{{number}}', booking.bookingNumber),
  );
  await look(t, 'offer-booked');

  // The tour's day: both confirm the start, the traveler first.
  await tourDay(request, bookingId, account.token);
  const travelerCard = () => t.getByRole('article').filter({ hasText: booking.bookingNumber });
  const guideCard = () => g.getByRole('article').filter({ hasText: booking.bookingNumber });
  await t.goto(`/dashboard?booking=${bookingId}`);
  await expect(travelerCard().getByRole('button', { name: word('tour', 'actions.confirmStart') })).toBeVisible();
  await look(t, 'tour-day-traveler');
  await travelerCard()
    .getByRole('button', { name: word('tour', 'actions.confirmStart') })
    .click();
  await expect(travelerCard().getByRole('button', { name: word('tour', 'actions.waitingForGuide') })).toBeDisabled();
  await look(t, 'tour-day-traveler-waiting');
  await g.goto('/guide-dashboard?tab=tours');
  await expect(guideCard().getByText(word('tour', 'travelerConfirmed'))).toBeVisible({ timeout: 15_000 });
  await look(g, 'tour-day-guide');
  await guideCard()
    .getByRole('button', { name: word('tour', 'actions.confirmStart') })
    .click();
  await expect(guideCard().getByText(word('trips', 'status.ongoing'), { exact: true })).toBeVisible();
  await look(g, 'tour-ongoing-guide');

  // Under way: the traveler completes the service.
  await t.goto('/dashboard?tab=ongoing');
  await expect(travelerCard().getByText(word('trips', 'status.ongoing'), { exact: true })).toBeVisible();
  await look(t, 'tour-ongoing-traveler');
  await travelerCard()
    .getByRole('button', { name: word('tour', 'actions.completeService') })
    .click();
  const confirm = t.getByRole('dialog', { name: word('tour', 'complete.title') });
  await look(t, 'complete-dialog');
  await confirm.getByRole('button', { name: word('tour', 'complete.confirm') }).click();
  await expect(t.getByRole('dialog')).toHaveCount(0);
  await expect(travelerCard()).toHaveCount(0);

  // Both review: the traveler from past trips, the guide from finished tours.
  await t.getByRole('button', { name: new RegExp(word('trips', 'tabs.past')) }).click();
  await expect(travelerCard().getByText(word('trips', 'status.completed'), { exact: true })).toBeVisible();
  await travelerCard()
    .getByRole('button', { name: word('reviews', 'writeGuide') })
    .click();
  const review = t.getByRole('dialog');
  await review
    .getByRole('group', { name: word('reviews', 'form.rating') })
    .getByRole('radio', { name: '星5つ' })
    .check({ force: true });
  const text = '路地裏までていねいに案内していただき、とても楽しい半日でした。';
  await review.getByLabel(word('reviews', 'form.content')).fill(text);
  await look(t, 'review-dialog-traveler');
  await review.getByRole('button', { name: word('reviews', 'form.submit') }).click();
  await expect(travelerCard().getByRole('status')).toContainText(word('reviews', 'waiting.title'));
  await look(t, 'trips-past-reviewed');
  await g.goto('/guide-dashboard?tab=past');
  const finished = g
    .getByRole('region', { name: word('reviews', 'past.title') })
    .getByRole('listitem')
    .filter({ hasText: booking.bookingNumber });
  await finished.getByRole('button', { name: word('reviews', 'writeTraveler') }).click();
  const guideReview = g.getByRole('dialog');
  await guideReview.getByRole('radio', { name: '星5つ' }).check({ force: true });
  await look(g, 'review-dialog-guide');
  await guideReview.getByRole('button', { name: word('reviews', 'form.submit') }).click();
  await expect(finished.getByText(text)).toBeVisible();
  await look(g, 'guide-past-reviewed');
  await t.goto(`/guides/${listing}`);
  await expect(t.getByText(text)).toBeVisible();
  await look(t, 'guide-profile-reviewed');
  await traveler.context.close();
  await guide.context.close();
});
