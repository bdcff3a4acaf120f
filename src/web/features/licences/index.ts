export { useOwnCredentials } from './api';
export { LicenceBadge } from './components/licence-badge';
export { LicenceEditor } from './components/licence-editor';
export { LicenceLanguagesField } from './components/licence-languages-field';
export { languageName, PAYING_HELP_PATH, ProfileLicence } from './components/profile-licence';
export { protectedTitleText } from './protected-title';
