import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showToast } from '../../../lib/toast';
import { useLogout } from '../api/logout';

/** Log Out from the profile menu: ends the session, says 'Logged out' and goes home (SPEC §2, §4). */
export function useLogoutFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  return {
    pending: logout.isPending,
    run: () =>
      logout.mutate(undefined, {
        onSettled: () => {
          showToast({ title: t('account.loggedOut'), variant: 'success' });
          void navigate('/');
        },
      }),
  };
}
