// Becoming a guide: the /become-guide wizard and the /application-status view.
export { ApplicationWizard, STEP_COUNT } from './components/application-wizard';
export { ApplicationStatusView } from './components/status-view';
export { applicationKeys, useApplicationDraft, useApplicationStatus } from './api';
