export { saveErrorText, useMyProfile } from './api/guide-business';
export { GuideBusinessSettings } from './components/guide-business-settings';
export { ListingChecklist } from './components/listing-checklist';
