/** Legal pages built from the server's facts: the commerce disclosure (decision 121). */
export { commerceDisclosureQuery, useCommerceDisclosure } from './api';
export { CommerceDisclosure } from './components/commerce-disclosure';
/** The signed-in user's consents: identity verification asks for the sensitive-data one itself (decision 131). */
export { MY_CONSENTS_KEY, useMyConsents, useRecordConsents } from './api';
