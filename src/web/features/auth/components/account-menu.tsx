import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, CircleHelp, LogOut, MessageSquare, Briefcase, Map, ShieldCheck, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { User } from '../../../../shared/schemas/user';
import { useLogoutFlow } from '../hooks/use-logout-flow';
import { UserAvatar } from '../../../components/ui/user-avatar';

/** The destinations of the profile menu, shared by the desktop menu and the phone sheet. */
export function accountLinks(user: User) {
  return [
    { to: '/profile', key: 'account.menu.profile', icon: UserRound },
    { to: '/messages', key: 'account.menu.messages', icon: MessageSquare },
    user.role === 'guide'
      ? { to: '/guide-dashboard', key: 'account.menu.guideDashboard', icon: Briefcase }
      : { to: '/dashboard', key: 'account.menu.myTrips', icon: Map },
    { to: '/help', key: 'account.menu.helpCenter', icon: CircleHelp },
    // The admin console, for admins only.
    ...(user.isAdmin ? [{ to: '/admin', key: 'account.menu.admin', icon: ShieldCheck } as const] : []),
  ] as const;
}

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 text-sm text-stone-700 outline-none data-[highlighted]:bg-stone-100 dark:text-stone-200 dark:data-[highlighted]:bg-stone-800';

export function AccountMenu({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogoutFlow();
  const name = user.nickname || user.fullName;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('account.menu.open', { name })}
        className="inline-flex h-10 items-center gap-1.5 rounded-lg px-1.5 text-stone-700 hover:bg-stone-200/70 dark:text-stone-200 dark:hover:bg-stone-800"
      >
        <UserAvatar user={user} size={30} />
        <ChevronDown className="h-4 w-4" aria-hidden />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-[var(--radius-card)] border border-stone-200 bg-white p-1.5 shadow-soft dark:border-stone-700 dark:bg-stone-900"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold text-stone-900 dark:text-white">{name}</span>
            <span className="block truncate text-xs text-stone-500 dark:text-stone-400">@{user.username}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-800" />
          {accountLinks(user).map(({ to, key, icon: Icon }) => (
            <DropdownMenu.Item key={to} className={itemClass} onSelect={() => void navigate(to)}>
              <Icon className="h-4 w-4" aria-hidden />
              {t(key)}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-stone-800" />
          <DropdownMenu.Item className={itemClass} disabled={logout.pending} onSelect={() => logout.run()}>
            <LogOut className="h-4 w-4" aria-hidden />
            {t('account.menu.logOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
