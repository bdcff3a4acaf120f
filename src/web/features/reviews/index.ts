export { BookingFeedback } from './components/booking-feedback';
export { PastTours } from './components/past-tours';
