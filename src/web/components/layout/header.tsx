import * as Dialog from '@radix-ui/react-dialog';
import { Bell, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { AccountMenu, accountLinks, RoleSwitch, useLogoutFlow } from '../../features/auth/index';
import { cn } from '../../lib/cn';
import { useSession } from '../../lib/session';
import { Button, ButtonLink } from '../ui/button';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { HEADER_LINKS } from './nav-links';
import { ThemeToggle } from './theme-toggle';

const navClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive
      ? 'text-primary-700 dark:text-primary-300'
      : 'text-stone-600 hover:text-stone-900 dark:text-stone-300 dark:hover:text-white',
  );

/** SPEC §2 header: logo, navigation, language, dark mode, notification bell, and the account area. */
export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const user = useSession()?.user;
  const logout = useLogoutFlow();
  // SPEC §2: 'Become a Guide' and 'View Application Status' follow the guide status flags.
  const links = [
    ...HEADER_LINKS.filter((l) => l.to !== '/become-guide' || !user || user.guideStatus.shouldShowBecomeGuideButton),
    ...(user?.guideStatus.shouldShowViewApplicationButton ? [{ to: '/application-status', key: 'nav.viewApplicationStatus' } as const] : []),
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur dark:border-stone-800 dark:bg-stone-950/90">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:shadow">
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <Logo to={user?.role === 'guide' ? '/guide' : '/'} />
        <nav aria-label={t('nav.menu')} className="ml-6 hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={navClass}>
              {t(l.key)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <LanguageSwitch className="hidden sm:inline-flex" />
          <span className="hidden sm:inline-flex">
            <ThemeToggle />
          </span>
          <Link
            to="/messages"
            aria-label={t('nav.notifications')}
            title={t('nav.notifications')}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-stone-700 hover:bg-stone-200/70 dark:text-stone-200 dark:hover:bg-stone-800"
          >
            <Bell className="h-5 w-5" aria-hidden />
          </Link>
          {user ? (
            <>
              <div className="hidden md:block">
                <RoleSwitch user={user} />
              </div>
              <div className="hidden md:block">
                <AccountMenu user={user} />
              </div>
            </>
          ) : (
            <div className="ml-1 hidden items-center gap-2 md:flex">
              <ButtonLink to="/login" variant="ghost" size="sm">
                {t('nav.logIn')}
              </ButtonLink>
              <ButtonLink to="/signup" variant="primary" size="sm">
                {t('nav.signUp')}
              </ButtonLink>
            </div>
          )}
          <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
            <Dialog.Trigger asChild>
              <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('nav.menu')}>
                <Menu className="h-5 w-5" aria-hidden />
              </Button>
            </Dialog.Trigger>
            <Dialog.Portal>
              <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
              <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-1 bg-white p-4 shadow-xl dark:bg-stone-900">
                <div className="mb-2 flex items-center justify-between">
                  <Dialog.Title className="text-base font-semibold">{t('nav.menu')}</Dialog.Title>
                  <Dialog.Close asChild>
                    <Button variant="ghost" size="icon" aria-label={t('nav.closeMenu')}>
                      <X className="h-5 w-5" aria-hidden />
                    </Button>
                  </Dialog.Close>
                </div>
                <Dialog.Description className="sr-only">{t('brand.tagline')}</Dialog.Description>
                <nav className="flex flex-col" aria-label={t('nav.menu')}>
                  {links.map((l) => (
                    <NavLink key={l.to} to={l.to} className={navClass} onClick={() => setMenuOpen(false)}>
                      {t(l.key)}
                    </NavLink>
                  ))}
                </nav>
                <div className="my-3 border-t border-stone-200 dark:border-stone-800" />
                <div className="flex items-center gap-2">
                  <LanguageSwitch />
                  <ThemeToggle />
                </div>
                {user ? (
                  <div className="mt-auto flex flex-col gap-1">
                    <RoleSwitch user={user} className="mb-2 self-start" onSwitch={() => setMenuOpen(false)} />
                    <nav className="flex flex-col" aria-label={t('account.menu.label')}>
                      {accountLinks(user).map((l) => (
                        <NavLink key={l.to} to={l.to} className={navClass} onClick={() => setMenuOpen(false)}>
                          {t(l.key)}
                        </NavLink>
                      ))}
                    </nav>
                    <Button
                      variant="outline"
                      className="mt-2"
                      busy={logout.pending}
                      onClick={() => {
                        setMenuOpen(false);
                        logout.run();
                      }}
                    >
                      {t('account.menu.logOut')}
                    </Button>
                  </div>
                ) : (
                  <div className="mt-auto grid grid-cols-2 gap-2">
                    <ButtonLink to="/login" variant="outline" onClick={() => setMenuOpen(false)}>
                      {t('nav.logIn')}
                    </ButtonLink>
                    <ButtonLink to="/signup" variant="primary" onClick={() => setMenuOpen(false)}>
                      {t('nav.signUp')}
                    </ButtonLink>
                  </div>
                )}
              </Dialog.Content>
            </Dialog.Portal>
          </Dialog.Root>
        </div>
      </div>
    </header>
  );
}
