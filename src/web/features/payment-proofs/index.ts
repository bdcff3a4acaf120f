export { usePaymentProof } from './api/payment-proof';
export { PaymentProofBadge, ProofStatusPill } from './components/payment-proof-badge';
export { ProofUploadForm } from './components/proof-upload-form';
export { ProofView } from './components/proof-view';
export { ProofsToCheck } from './components/proofs-to-check';
export { VerifyProofButton } from './components/verify-proof-button';
