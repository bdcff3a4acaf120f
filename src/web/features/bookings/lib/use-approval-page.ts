import { useNavigate } from 'react-router';
import { leaveForPayment } from './stripe-client';

/**
 * The hand-over to a wallet's approval page, in this same tab, for the deposit and an extension alike
 * (decision 104): the simulated provider's /payment-demo is a page of the app, a real wallet's page is
 * not. Either comes back by itself to the payment's /payment-success (`paymentReturnPath`).
 */
export function useApprovalPage(): (url: string) => void {
  const navigate = useNavigate();
  return (url) => (url.startsWith('/') && !url.startsWith('//') ? void navigate(url) : leaveForPayment(url));
}
