import { Bell, Menu, WifiOff, X } from 'lucide-react';
import { Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useSession } from '../lib/session';
import { Button, ButtonLink } from '../components/ui/button';
import { PartBoundary } from '../components/ui/part-boundary';
import { registerHeaderDock } from '../components/layout/header-dock';
import { LanguageSwitch } from '../components/layout/language-switch';
import { Logo } from '../components/layout/logo';
import { HEADER_LINKS, navClass } from '../components/layout/nav-links';
import { ThemeToggle } from '../components/layout/theme-toggle';
import { lazyPart } from '../lib/hydration';
import { LazyAccountMenu, LazyRoleSwitch } from '../features/auth/lazy';
import { LazyNotificationBell } from '../features/messaging/lazy';

// Menus load when first needed: visitors who never open them never download Radix's menu code.
const MobileMenu = lazyPart(() => import('./mobile-menu'));
// The currency switch (decision 168) loads after the shell: in the landing page's first download it
// split the language code into chunks of its own, over the page's budget (bench/landing-size.ts).
const CurrencySwitch = lazyPart(() =>
  import('../components/layout/currency-switch').then((m) => ({ default: m.CurrencySwitch })),
);

function BellPlaceholder({ label }: { label: string }) {
  return (
    <span
      aria-label={label}
      role="img"
      className="inline-flex h-10 w-10 items-center justify-center text-stone-700 dark:text-stone-200"
    >
      <Bell className="h-5 w-5" aria-hidden />
    </span>
  );
}

/** In the menu's place when its code cannot be fetched (offline, decision 102): says so, the page stays. */
function MenuNeedsNetwork({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="fixed inset-x-3 top-[4.5rem] z-50 flex items-start gap-3 rounded-[var(--radius-card)] border border-stone-200 bg-white p-4 text-sm text-stone-800 shadow-soft dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      <WifiOff className="mt-0.5 h-5 w-5 shrink-0 text-stone-500" aria-hidden />
      <p className="flex-1">{t('offline.menuNeedsNetwork')}</p>
      <Button variant="ghost" size="icon" className="-m-2" aria-label={t('nav.closeMenu')} onClick={onClose}>
        <X className="h-5 w-5" aria-hidden />
      </Button>
    </div>
  );
}

/**
 * The key the router gave the browser's current history entry (what `useLocation().key` reads once that entry's page
 * shows).
 */
const historyEntryKey = () => (window.history.state as { key?: string } | null)?.key;

/** Header: logo, navigation, language, dark mode, notification bell, and the account area. */
export function Header() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  // Each tap tries the menu's code again if it could not be fetched before (offline).
  const [menuAttempt, setMenuAttempt] = useState(0);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Any navigation closes the menu: a link tapped while the sheet was still sliding in (or the back
  // button) left it open over the next page. Adjusted while rendering, as React advises for state
  // that follows a changing value. A navigation already in the address bar when the menu was opened
  // does not: the router shows its page only once it has rendered, and on a slow phone the header
  // still showed the last one when the menu was opened right after a role switch, which then closed
  // the menu under the finger (e2e/account-security.spec.ts, with the CPU slowed down).
  const { key: locationKey } = useLocation();
  const [menuAt, setMenuAt] = useState(locationKey);
  const [openedAt, setOpenedAt] = useState<string | undefined>();
  if (menuAt !== locationKey) {
    setMenuAt(locationKey);
    if (menuOpen && openedAt !== locationKey) setMenuOpen(false);
  }
  const user = useSession()?.user;
  // 'Become a Guide' and 'View Application Status' follow the guide status flags.
  const links = [
    ...HEADER_LINKS.filter((l) => l.to !== '/become-guide' || !user || user.guideStatus.shouldShowBecomeGuideButton),
    ...(user?.guideStatus.shouldShowViewApplicationButton
      ? [{ to: '/application-status', key: 'nav.viewApplicationStatus' } as const]
      : []),
  ];
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/80 bg-white/90 backdrop-blur dark:border-stone-800 dark:bg-stone-950/90">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
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
          {/*
           * A wrapper, because the button's own inline-flex would beat `hidden` (phones switch language in the menu).
           */}
          <span className="hidden sm:inline-flex">
            <LanguageSwitch />
          </span>
          <span className="hidden sm:inline-flex">
            <PartBoundary fallback={null}>
              <Suspense fallback={null}>
                <CurrencySwitch />
              </Suspense>
            </PartBoundary>
          </span>
          <span className="hidden sm:inline-flex">
            <ThemeToggle />
          </span>
          {/* Below 1280 px the support launcher and a minimized chat dock here instead of floating over the page. */}
          <div ref={registerHeaderDock} className="flex items-center gap-1 empty:hidden xl:hidden" />
          {/* The bell, its badge, polling and the real-time socket load after the shell. */}
          <PartBoundary fallback={<BellPlaceholder label={t('nav.notifications')} />}>
            <Suspense fallback={<BellPlaceholder label={t('nav.notifications')} />}>
              <LazyNotificationBell />
            </Suspense>
          </PartBoundary>
          {user ? (
            <>
              <div className="hidden md:block">
                <PartBoundary fallback={null}>
                  <Suspense fallback={null}>
                    <LazyRoleSwitch user={user} />
                  </Suspense>
                </PartBoundary>
              </div>
              <div className="hidden md:block">
                <PartBoundary fallback={<span className="inline-block h-10 w-16" aria-hidden />}>
                  <Suspense fallback={<span className="inline-block h-10 w-16" aria-hidden />}>
                    <LazyAccountMenu user={user} />
                  </Suspense>
                </PartBoundary>
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
              setOpenedAt(historyEntryKey());
              setMenuOpen(true);
              setMenuAttempt((n) => n + 1);
            }}
          >
            <Menu className="h-5 w-5" aria-hidden />
          </Button>
          {/* The sheet's code (Radix dialog) loads on the first tap, not with every page. */}
          {menuLoaded && (
            <PartBoundary
              key={menuAttempt}
              fallback={menuOpen && <MenuNeedsNetwork onClose={() => setMenuOpen(false)} />}
            >
              <Suspense fallback={null}>
                <MobileMenu
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  links={links}
                  user={user}
                  returnFocusTo={menuButton}
                />
              </Suspense>
            </PartBoundary>
          )}
        </div>
      </div>
    </header>
  );
}
