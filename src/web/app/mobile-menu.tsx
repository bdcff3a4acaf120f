import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { User } from '../../shared/schemas/user';
import { accountLinks, RoleSwitch, useLogoutFlow } from '../features/auth';
import { Button, ButtonLink } from '../components/ui/button';
import { LanguageSwitch } from '../components/layout/language-switch';
import { CurrencySwitch } from '../components/layout/currency-switch';
import { navClass } from '../components/layout/nav-links';
import { ThemeToggle } from '../components/layout/theme-toggle';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: readonly { to: string; key: string }[];
  user: User | undefined;
  /** The header's menu button: focus goes back to it when the sheet closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The phone menu: a sheet from the right with navigation, language, theme and the account. */
export default function MobileMenu({ open, onOpenChange, links, user, returnFocusTo }: MobileMenuProps) {
  const { t } = useTranslation();
  const logout = useLogoutFlow();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40" />
        <Dialog.Content
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col gap-1 bg-white p-4 shadow-xl dark:bg-stone-900"
        >
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
              <NavLink key={l.to} to={l.to} className={navClass} onClick={() => close()}>
                {t(l.key)}
              </NavLink>
            ))}
          </nav>
          <div className="my-3 border-t border-stone-200 dark:border-stone-800" />
          <div className="flex flex-wrap items-center gap-2">
            <LanguageSwitch />
            <CurrencySwitch />
            <ThemeToggle />
          </div>
          {user ? (
            <div className="mt-auto flex flex-col gap-1">
              <RoleSwitch user={user} className="mb-2 self-start" onSwitch={() => close()} />
              <nav className="flex flex-col" aria-label={t('account.menu.label')}>
                {accountLinks(user).map((l) => (
                  <NavLink key={l.to} to={l.to} className={navClass} onClick={() => close()}>
                    {t(l.key)}
                  </NavLink>
                ))}
              </nav>
              <Button
                variant="outline"
                className="mt-2"
                busy={logout.pending}
                onClick={() => {
                  close();
                  logout.run();
                }}
              >
                {t('account.menu.logOut')}
              </Button>
            </div>
          ) : (
            <div className="mt-auto grid grid-cols-2 gap-2">
              <ButtonLink to="/login" variant="outline" onClick={() => close()}>
                {t('nav.logIn')}
              </ButtonLink>
              <ButtonLink to="/signup" variant="primary" onClick={() => close()}>
                {t('nav.signUp')}
              </ButtonLink>
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
