export { BookingPdfLink } from './booking-pdf-link';
