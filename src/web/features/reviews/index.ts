export { BookingFeedback } from './components/booking-feedback';
export { PastTours } from './components/past-tours';
export { ReviewCard } from './components/review-card';
export { ReviewPhotos } from './components/review-photos';
