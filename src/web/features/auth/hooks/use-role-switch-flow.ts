import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserRole } from '../../../../shared/schemas/user';
import { showToast } from '../../../lib/toast';
import { useSwitchRole } from '../api/switch-role';

/** docs/rules/accounts-and-sessions.md: switch, then go to /guide (guide) or / (traveler), with the toasts. */
export function useRoleSwitchFlow() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mutation = useSwitchRole({
    onSuccess: (user) => {
      showToast({
        title: t('account.roleSwitched'),
        description: t('account.roleSwitchedBody', { role: t(`account.roles.${user.role}`) }),
        variant: 'success',
      });
      void navigate(user.role === 'guide' ? '/guide' : '/');
    },
    onError: () =>
      showToast({
        title: t('account.roleSwitchFailed'),
        description: t('account.roleSwitchFailedBody'),
        variant: 'destructive',
      }),
  });
  return { pending: mutation.isPending, run: (role: UserRole) => mutation.mutate(role) };
}
