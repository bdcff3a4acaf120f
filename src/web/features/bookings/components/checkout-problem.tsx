// The refusal beside Pay when a checkout fails, in words with what to do next: its own file, since only the failed Pay
// shows it.
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { currentLocale } from '../../../lib/i18n';
import type { CheckoutProblem } from '../hooks/use-checkout';
import { refusalText } from '../lib/refusal-text';
import type { TourInfo } from './tour-summary';

export function Problem({
  problem,
  tour,
  guideProfilePath,
  onContactSupport,
}: {
  problem: CheckoutProblem;
  tour: TourInfo;
  guideProfilePath: string;
  onContactSupport: () => void;
}) {
  const { t } = useTranslation('bookings');
  // A refusal in words: which day, what is in the way (decision 176).
  const refused = (code: string | undefined, fields: { path: string; message: string }[] | undefined) =>
    refusalText(t, { code, fields }, { date: tour.date, days: tour.days, timeZone: tour.timeZone }, currentLocale());
  let text: string;
  let action: ReactNode = null;
  const link = (label: string) => (
    <Link
      to={guideProfilePath}
      className="mt-2 inline-block font-medium text-primary-700 underline dark:text-primary-300"
    >
      {label}
    </Link>
  );
  switch (problem.kind) {
    case 'payment_failed':
      text = t('toasts.paymentFailedBody');
      action = (
        <Button variant="outline" size="sm" className="mt-2" onClick={onContactSupport}>
          {t('contactSupport')}
        </Button>
      );
      break;
    case 'slot_unavailable':
      text = refused('slot_unavailable', problem.fields);
      action = link(t('problems.chooseAnother'));
      break;
    case 'expired':
      text = t('problems.expired');
      action = link(t('problems.bookAgain'));
      break;
    case 'price_changed':
      text = t('problems.priceChanged');
      break;
    case 'unsupported':
      text = t('problems.unsupported');
      break;
    case 'network':
      text = t('problems.network');
      break;
    default:
      text = refused(problem.code, problem.fields);
      action = link(t('problems.chooseAnother'));
  }
  return (
    <div
      role="alert"
      className="mt-4 flex gap-2 rounded-lg border border-danger-600/30 bg-red-50 px-3 py-2 text-sm text-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div>
        <p>{text}</p>
        {action}
      </div>
    </div>
  );
}
