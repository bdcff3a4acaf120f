import { useTranslation } from 'react-i18next';
import type { User, UserRole } from '../../../../shared/schemas/user';
import { cn } from '../../../lib/cn';
import { useRoleSwitchFlow } from '../hooks/use-role-switch-flow';

/** Visible if the user is a guide or guideStatus says to show it. */
export function canSwitchRole(user: User): boolean {
  return user.isGuide || user.guideStatus.shouldShowRoleSwitch;
}

/** Traveler / guide view switch: two pressed-state buttons in a labelled group. */
export function RoleSwitch({
  user,
  className,
  onSwitch,
}: {
  user: User;
  className?: string;
  /** Called as a switch starts (the phone menu closes). */ onSwitch?: () => void;
}) {
  const { t } = useTranslation();
  const flow = useRoleSwitchFlow();
  if (!canSwitchRole(user)) return null;
  const roles: UserRole[] = ['traveler', 'guide'];
  return (
    <div
      role="group"
      aria-label={t('account.viewAs')}
      className={cn('inline-flex rounded-lg border border-stone-300 p-0.5 dark:border-stone-700', className)}
    >
      {roles.map((role) => {
        const active = user.role === role;
        return (
          <button
            key={role}
            type="button"
            aria-pressed={active}
            disabled={flow.pending}
            onClick={() => {
              if (active) return;
              onSwitch?.();
              flow.run(role);
            }}
            className={cn(
              'min-h-8 rounded-md px-2.5 text-xs font-medium transition-colors',
              active
                ? 'bg-primary-600 text-white dark:bg-primary-500'
                : 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800',
            )}
          >
            {t(`account.roleNames.${role}`)}
          </button>
        );
      })}
    </div>
  );
}
