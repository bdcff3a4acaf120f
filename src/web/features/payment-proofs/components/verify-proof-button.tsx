import { ShieldCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../lib/toast';
import { useVerifyPaymentProof } from '../api/payment-proof';
import { proofErrorKey } from '../lib';

/** The guide's 'Mark as verified' for a booking's uploaded proof ('Verifying...' while busy). */
export function VerifyProofButton({ bookingId, size = 'md' }: { bookingId: number; size?: 'sm' | 'md' }) {
  const { t } = useTranslation('proofs');
  const verify = useVerifyPaymentProof();
  return (
    <Button
      variant="primary"
      size={size}
      disabled={verify.isPending}
      onClick={() =>
        verify.mutate(bookingId, {
          onSuccess: () => showToast({ title: t('verifiedToast'), variant: 'success' }),
          onError: (err) =>
            showToast({ title: t('verifyFailed'), description: t(proofErrorKey(err)), variant: 'destructive' }),
        })
      }
    >
      <ShieldCheck className="h-4 w-4" aria-hidden />
      {verify.isPending ? t('verifying') : t('verify')}
    </Button>
  );
}
