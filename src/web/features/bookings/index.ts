export { useApproveDemoPayment } from './api/approve-demo-payment';
export { getBooking, useBooking } from './api/get-booking';
export { useGuideBookings } from './api/get-guide-bookings';
export { useOffer } from './api/get-offer';
export { getSlots, useSlots } from './api/get-slots';
export { getTravelerBookings, useTravelerBookings } from './api/get-traveler-bookings';
export { bookingKeys } from './api/keys';
export { useTravelCredits } from './api/trip-trouble';
export { AttentionBadge } from './components/attention-badge';
export { BookingWidget } from './components/booking-widget';
export { CheckoutForm } from './components/checkout-form';
export { DemoQr } from './components/demo-qr';
export { GuideNet } from './components/booking-card-parts';
export { GuideTabs, tabFromUrl } from './components/guide-tabs';
export { GuideTourCard } from './components/guide-tour-card';
export { LandedTrip } from './components/landed-trip';
export { NeedsAnswerList } from './components/needs-answer-list';
export { PriceBreakdown } from './components/price-breakdown';
export { RequestCard } from './components/request-card';
export { StatusBadge } from './components/status-badge';
export { awaitingStripe, StripePaymentConfirming } from './components/stripe-payment-confirming';
export { type TourInfo, tourOfBooking, TourSummary } from './components/tour-summary';
export { TripsPanel } from './components/trips-panel';
export { useDraftPrice } from './hooks/use-draft-price';
export { useLandedBooking } from './hooks/use-landed-booking';
export { useNeedsAnswer } from './hooks/use-needs-answer';
export {
  type AnswerItem,
  countByTab,
  type GuideTab,
  guideTabOf,
  needsAnswer,
  TOUR_STATUSES,
  travelerNeedsAnswer,
} from './lib/needs-answer';
export { bookingCharge, bookingPriceLines, inDisplayCurrency, offerPriceLines, previewPrice } from './lib/price';
export {
  checkoutPath,
  completeAges,
  draftFromQuery,
  draftGroupSize,
  draftQuestion,
  sellsLength,
} from './lib/selection';
export { useApprovalPage } from './lib/use-approval-page';
