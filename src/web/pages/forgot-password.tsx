import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard, ForgotPasswordForm } from '../features/auth/forms';
import { useDocumentTitle } from '../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.title'));
  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={
        <Link to="/login" className="font-medium text-primary-700 hover:underline dark:text-primary-300">
          {t('forgot.backToLogin')}
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
