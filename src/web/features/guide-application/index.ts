// Becoming a guide (issue 13): the /become-guide wizard and the /application-status view.
export { ApplicationWizard } from './components/application-wizard';
export { ApplicationStatusView } from './components/status-view';
export { applicationKeys, useApplicationDraft, useApplicationStatus } from './api';
