// Identity verification: the /verify-identity page's view, its API hooks and the private-file preview.
export { VerificationView } from './components/verification-view';
export { FilePreview } from './components/file-slot';
export { identityKeys, useIdentityVerification, usePrivateFileUrl } from './api';
