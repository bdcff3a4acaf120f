import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard, InvalidLink, ResetPasswordForm } from '../features/auth/forms';
import { useDocumentTitle } from '../lib/use-document-title';

export function Component() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('reset.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  return (
    <AuthCard title={t('reset.title')} subtitle={token ? t('reset.subtitle') : undefined}>
      {token ? (
        <ResetPasswordForm token={token} onDone={() => void navigate('/login', { replace: true })} />
      ) : (
        <InvalidLink message={t('reset.missing')} />
      )}
    </AuthCard>
  );
}
