/** Legal pages built from the server's facts: the commerce disclosure (decision 121). */
export { commerceDisclosureQuery, useCommerceDisclosure } from './api';
export { CommerceDisclosure } from './components/commerce-disclosure';
