import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { dropReaderQueries } from '../../../lib/reader-queries';
import { clearSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { logout } from '../api/logout';

/**
 * Log Out from the profile menu: ends the session, says 'Logged out' and goes home; with
 * no connection it logs out on this device and says that.
 * Everything happens in the mutation's own callback, which runs even though clearing the session
 * unmounts the menu that started it.
 */
/** Resolves when no query of this client is fetching. */
function settled(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const stop = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      stop();
      resolve();
    });
  });
}

export function useLogoutFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    // Background work stops asking once logging out begins (useLiveSession); what it already asked is
    // awaited before the server forgets the token.
    mutationFn: () => logout(() => settled(queryClient)),
    onSettled: (reachedServer) => {
      clearSession();
      dropReaderQueries(queryClient);
      // Offline (decision 102): logged out here, the trips kept for offline deleted; the toast says so.
      if (reachedServer === false)
        showToast({
          title: t('offline.loggedOutLocally'),
          description: t('offline.loggedOutLocallyBody'),
          variant: 'success',
        });
      else showToast({ title: t('account.loggedOut'), variant: 'success' });
      void navigate('/');
    },
  });
  return { pending: mutation.isPending, run: () => mutation.mutate() };
}
