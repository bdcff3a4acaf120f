export { MeetingPlace } from './meeting-place';
export { MeetingPointInput } from './meeting-point-input';
