export { BookingFeedback } from './components/booking-feedback';
export { GuideReviewsList } from './components/guide-reviews-list';
export { PastTours } from './components/past-tours';
export { ReviewCard } from './components/review-card';
export { ReviewPhotos } from './components/review-photos';
