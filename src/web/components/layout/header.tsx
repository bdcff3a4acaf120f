import { Bell, Menu } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { RoleSwitch } from '../../features/auth/index';
import { useSession } from '../../lib/session';
import { Button, ButtonLink } from '../ui/button';
import { registerHeaderDock } from './header-dock';
import { LanguageSwitch } from './language-switch';
import { Logo } from './logo';
import { HEADER_LINKS, navClass } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { lazyPart } from '../../lib/hydration';

// Menus load when first needed: visitors who never open them never download Radix's menu code.
const MobileMenu = lazyPart(() => import('./mobile-menu'));
const NotificationBell = lazyPart(() => import('../../features/messaging/components/notification-bell'));
const AccountMenu = lazyPart(() => import('../../features/auth/components/account-menu').then((m) => ({ default: m.AccountMenu })));

function BellPlaceholder({ label }: { label: string }) {
  return (
    <span aria-label={label} role="img" className="inline-flex h-10 w-10 items-center justify-center text-stone-700 dark:text-stone-200">
      <Bell className="h-5 w-5" aria-hidden />
    </span>
  );
}

/** SPEC §2 header: logo, navigation, language, dark mode, notification bell, and the account area. */
export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const user = useSession()?.user;
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
          {/* A wrapper, because the button's own inline-flex would beat `hidden` (phones switch language in the menu). */}
          <span className="hidden sm:inline-flex">
            <LanguageSwitch />
          </span>
          <span className="hidden sm:inline-flex">
            <ThemeToggle />
          </span>
          {/* Below 1280 px the support launcher and a minimized chat dock here instead of floating over the page. */}
          <div ref={registerHeaderDock} className="flex items-center gap-1 empty:hidden xl:hidden" />
          {/* The bell, its badge, polling and the real-time socket load after the shell. */}
          <Suspense fallback={<BellPlaceholder label={t('nav.notifications')} />}>
            <NotificationBell />
          </Suspense>
          {user ? (
            <>
              <div className="hidden md:block">
                <RoleSwitch user={user} />
              </div>
              <div className="hidden md:block">
                <Suspense fallback={<span className="inline-block h-10 w-16" aria-hidden />}>
                  <AccountMenu user={user} />
                </Suspense>
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
          <Button
            ref={menuButton}
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={t('nav.menu')}
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            onClick={() => {
              setMenuLoaded(true);
              setMenuOpen(true);
            }}
          >
            <Menu className="h-5 w-5" aria-hidden />
          </Button>
          {/* The sheet's code (Radix dialog) loads on the first tap, not with every page. */}
          {menuLoaded && (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                links={links}
                user={user}
                returnFocusTo={menuButton}
              />
            </Suspense>
          )}
        </div>
      </div>
    </header>
  );
}
