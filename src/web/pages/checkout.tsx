import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { paymentReturnPath, travelerBookingPath } from '../../shared/booking/links';
import { timeToMinutes, zonedTimeToUtc } from '../../shared/booking/schedule';
import type { Booking } from '../../shared/schemas/bookings';
import { ButtonLink } from '../components/ui/button';
import { LoadFailed, PageMessage } from '../components/ui/page-message';
import { Spinner } from '../components/ui/spinner';
import {
  useBooking,
  useOffer,
  useSlots,
  CheckoutForm,
  tourOfBooking,
  type TourInfo,
  bookingPriceLines,
  inDisplayCurrency,
  offerPriceLines,
  useDraftPrice,
  useTravelCredits,
  draftFromQuery,
  draftGroupSize,
  draftQuestion,
  sellsLength,
  useApprovalPage,
  completeAges,
} from '../features/bookings';
import { questionParams } from '../../shared/trip-question';
import { choosableExtras } from '../../shared/booking/family-plans';
import { useGuide } from '../features/guides';
import { openSupport } from '../features/support';
import { ApiError } from '../lib/api-client';
import { withRedirect } from '../lib/safe-redirect';
import { useDisplayCurrency } from '../lib/display-currency';
import { useFxRate } from '../lib/prices';
import { useSession } from '../lib/session';
import { depositPaid, showPaidToast } from '../lib/paid-toast';
import { useDocumentTitle } from '../lib/use-document-title';

/**
 * /checkout/{guideId}?date&time&hours&adults&children&infants&service[&days] — a new booking from the profile's box;
 * /checkout?booking={id} (or /checkout/{guideId}?booking={id}) — paying a pending booking
 * ('Continue Payment'). The first Pay of a new booking creates it and the URL switches to
 * ?booking={id}, so a reload or a failed card never makes a second booking.
 */
export function Component() {
  const { t } = useTranslation('bookings');
  useDocumentTitle(t('checkout.title'));
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const toApproval = useApprovalPage();
  const [params, setParams] = useSearchParams();
  const bookingId = Number(params.get('booking')) || undefined;
  // /checkout?offer={id}: booking a guide's offer from the chat, everything filled in (decision 078).
  const offerId = bookingId ? undefined : Number(params.get('offer')) || undefined;
  const guideIdParam = Number(useParams().guideId) || undefined;
  const draft = bookingId || offerId ? null : draftFromQuery(params);
  const booking = useBooking(bookingId, { enabled: !!session });
  const offer = useOffer(offerId, { enabled: !!session });
  // An offer reads in the traveler's currency at the rate it was priced at (decision 169); one made
  // before offers kept a rate, at today's, as its booking will be.
  const display = useDisplayCurrency();
  const todayRate = useFxRate(!!offer.data && !offer.data.rate && offer.data.currency !== display).data;
  // A pending booking's guide too: the review lists what the tour includes (decision 152).
  const guide = useGuide(
    bookingId ? (booking.data?.guideId ?? 0) : offerId ? (offer.data?.guideId ?? 0) : (guideIdParam ?? 0),
  );
  // Days booked by the day are asked as days, one included (decision 176).
  const slots = useSlots(
    guideIdParam ?? 0,
    session && draft && guideIdParam ? draft.date : null,
    draft?.durationHours ?? 1,
    draft?.days ?? 1,
    undefined,
    draft?.days !== undefined,
  );
  // A travel credit the server will take off a new booking's total (decision 139), so the preview matches it.
  const credits = useTravelCredits(!!session && !bookingId && !offerId && !!guideIdParam);
  // The server's quote of a new booking's group (decision 152), less the credit it will take.
  const draftPrice = useDraftPrice(
    guideIdParam && draft ? guide.data : undefined,
    draft,
    credits.data?.available?.amountCents ?? 0,
  );
  // The booking this page just made. The URL's switch to ?booking= is a router transition, and a live
  // event or the service worker's first refetch can read the slots before it commits: the slot is then
  // this booking's own, and showing "taken" would unmount the form with its card fields and its failure
  // notice (e2e/booking.spec.ts, the declined card).
  const [createdHere, setCreatedHere] = useState(false);

  if (!session) return <Navigate to={withRedirect('/login', location.pathname + location.search)} replace />;

  const paid = (b: Booking) => {
    void showPaidToast(depositPaid(b));
    void navigate(paymentReturnPath(b.id));
  };
  const shell = (content: React.ReactNode, backTo?: string) => (
    <div className="mx-auto max-w-6xl px-4 pb-16 pt-6">
      {backTo && (
        <Link
          to={backTo}
          className="inline-flex items-center gap-1 text-sm font-medium text-primary-700 hover:underline dark:text-primary-300"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {t('checkout.backToGuide')}
        </Link>
      )}
      <h1 className="mt-3 text-3xl font-bold tracking-tight">{t('checkout.title')}</h1>
      <div className="mt-6">{content}</div>
    </div>
  );
  const common = {
    onCreated: (b: Booking) => {
      setCreatedHere(true);
      setParams({ booking: String(b.id) }, { replace: true });
    },
    onPaid: paid,
    onApproval: toApproval,
    onContactSupport: () => void openSupport('payment_failure'),
  };

  // Paying an existing booking. A failed refetch in the background (a live event invalidates the
  // booking while Pay is in flight) keeps the form and its failure notice: only a first load that
  // failed replaces the page.
  if (bookingId) {
    if (booking.isError && !booking.data) {
      return booking.error instanceof ApiError && booking.error.status === 404 ? (
        <PageMessage
          title={t('checkout.notFound')}
          action={<ButtonLink to="/dashboard">{t('checkout.toTrips')}</ButtonLink>}
        />
      ) : (
        <LoadFailed onRetry={() => void booking.refetch()} />
      );
    }
    if (!booking.data) return shell(<Spinner />);
    const b = booking.data;
    const profile = `/guides/${b.guideId}`;
    if (b.status !== 'pending') {
      const paidAlready = b.payments.some((p) => p.kind === 'deposit' && p.status === 'succeeded');
      return (
        <PageMessage
          title={
            b.status === 'cancelled'
              ? t('checkout.cancelled')
              : paidAlready
                ? t('checkout.alreadyPaid')
                : t('checkout.notPayable')
          }
          action={
            <div className="flex flex-wrap justify-center gap-3">
              {b.status === 'cancelled' ? (
                <ButtonLink to={profile} variant="primary">
                  {t('problems.bookAgain')}
                </ButtonLink>
              ) : (
                <ButtonLink to={paymentReturnPath(b.id)} variant="primary">
                  {t('checkout.viewBooking')}
                </ButtonLink>
              )}
              <ButtonLink to={travelerBookingPath(b.id)} variant="outline">
                {t('checkout.toTrips')}
              </ButtonLink>
            </div>
          }
        />
      );
    }
    return shell(
      <CheckoutForm
        tour={tourOfBooking(b)}
        price={bookingPriceLines(b)}
        booking={b}
        guideProfilePath={profile}
        extras={guide.data?.extras}
        {...common}
      />,
      profile,
    );
  }

  // A guide's offer: its terms and price are fixed; Pay books it with { offerId } and pays the deposit.
  if (offerId) {
    if (offer.isError && !offer.data) {
      return offer.error instanceof ApiError && offer.error.status === 404 ? (
        <PageMessage
          title={t('offer.notFound')}
          action={<ButtonLink to="/messages">{t('offer.toMessages')}</ButtonLink>}
        />
      ) : (
        <LoadFailed onRetry={() => void offer.refetch()} />
      );
    }
    if (!offer.data || guide.isPending) return shell(<Spinner />);
    const o = offer.data;
    if (o.status !== 'open') {
      return (
        <PageMessage
          title={
            o.status === 'booked' && o.booking
              ? t('offer.alreadyBooked', { number: o.booking.bookingNumber })
              : t(`offer.closed.${o.status}`)
          }
          action={
            <ButtonLink
              to={o.status === 'booked' ? (o.booking ? travelerBookingPath(o.booking.id) : '/dashboard') : '/messages'}
              variant="primary"
            >
              {o.status === 'booked' ? t('checkout.toTrips') : t('offer.toMessages')}
            </ButtonLink>
          }
        />
      );
    }
    const g = guide.data;
    const profile = `/guides/${o.guideId}`;
    const tour: TourInfo = {
      guide: g
        ? {
            userId: g.userId,
            fullName: g.user.fullName,
            profilePicture: g.user.profilePicture,
            serviceCity: g.serviceCity,
          }
        : { userId: o.guideUserId, fullName: '', profilePicture: null, serviceCity: '' },
      date: o.date,
      startTime: o.startTime,
      startsAt: o.startsAt,
      timeZone: o.timeZone,
      hours: o.durationHours,
      travelers: o.travelers,
      service: o.subcategory,
    };
    return shell(
      <CheckoutForm
        tour={tour}
        price={inDisplayCurrency(offerPriceLines(o), display, o.rate ?? todayRate)}
        offer={o}
        guideProfilePath={profile}
        extras={g?.extras}
        {...common}
      />,
    );
  }

  // A new booking from the profile's box.
  if (!guideIdParam || !draft) {
    return (
      <PageMessage
        title={t('checkout.nothing')}
        action={
          <ButtonLink to={guideIdParam ? `/guides/${guideIdParam}` : '/search'} variant="primary">
            {guideIdParam ? t('checkout.chooseTime') : t('checkout.findGuide')}
          </ButtonLink>
        }
      />
    );
  }
  const size = draftGroupSize(draft);
  // Back to the profile on the same question: date, group and length (decision 176).
  const profile = `/guides/${guideIdParam}?${questionParams(draftQuestion(draft))}`;
  if (guide.isError) {
    return guide.error instanceof ApiError && guide.error.status === 404 ? (
      <PageMessage
        title={t('checkout.guideNotFound')}
        action={<ButtonLink to="/search">{t('checkout.findGuide')}</ButtonLink>}
      />
    ) : (
      <LoadFailed onRetry={() => void guide.refetch()} />
    );
  }
  if (!guide.data || slots.isPending || credits.isLoading || draftPrice.loading) return shell(<Spinner />, profile);
  const g = guide.data;
  const service = draft.subcategoryId === null ? null : (g.services.find((s) => s.id === draft.subcategoryId) ?? null);
  const validChoice =
    // Days of hours the guide sells by the day, or a tour length it offers (decision 176).
    sellsLength(g, draft) &&
    size >= g.minPeople &&
    size <= g.maxPeople &&
    (draft.subcategoryId === null || service !== null) &&
    session.user.id !== g.userId;
  const stillFree = createdHere || (slots.data?.slots.some((s) => s.startTime === draft.startTime) ?? true);
  if (!validChoice || !stillFree) {
    return (
      <PageMessage
        alert
        title={!validChoice ? t('checkout.invalidChoice') : t('problems.slotTaken')}
        action={
          <ButtonLink to={profile} variant="primary">
            {t('problems.chooseAnother')}
          </ButtonLink>
        }
      />
    );
  }
  const tour: TourInfo = {
    guide: {
      userId: g.userId,
      fullName: g.user.fullName,
      profilePicture: g.user.profilePicture,
      serviceCity: g.serviceCity,
    },
    date: draft.date,
    startTime: draft.startTime,
    startsAt: zonedTimeToUtc(draft.date, timeToMinutes(draft.startTime)!, g.timeZone).toISOString(),
    timeZone: g.timeZone,
    hours: draft.durationHours,
    days: draft.days ?? 1,
    travelers: size,
    children: draft.children,
    infants: draft.infants,
    service,
  };
  const body = {
    guideId: g.id,
    date: draft.date,
    ...(draft.days !== undefined
      ? { days: draft.days, dayStartTime: draft.startTime, dayHours: draft.durationHours }
      : { startTime: draft.startTime, durationHours: draft.durationHours }),
    adults: draft.adults,
    children: draft.children,
    infants: draft.infants,
    ...(draft.subcategoryId !== null ? { subcategoryId: draft.subcategoryId } : {}),
    // Booked in the currency the traveler saw the price in: a card is charged in it (decision 168).
    chargeCurrency: draftPrice.price!.currency ?? 'CNY',
    // What the family said in the box (decision 178).
    ...(draft.extras?.length && { extras: draft.extras }),
    ...(draft.childAges && { childAges: completeAges(draft) }),
    ...(draft.needs && { needs: draft.needs }),
  };
  // The ticked extras as the guide declares them, listed at cost beside the price, never charged.
  const atCost = choosableExtras(g.extras)
    .filter((e) => draft.extras?.includes(e.kind))
    .map((e) => ({ kind: e.kind, priceCents: e.priceCents, currency: g.currency ?? 'CNY' }));
  // The credit is named with until when it was good for (decision 139): the traveler sees which one this spends.
  const available = credits.data?.available;
  const price = { ...draftPrice.price!, ...(available && { creditExpiresAt: available.expiresAt }) };
  return shell(
    <CheckoutForm
      tour={tour}
      price={price}
      draft={body}
      guideProfilePath={profile}
      extras={g.extras}
      atCost={atCost}
      {...common}
    />,
    profile,
  );
}
