import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LEGAL_PATHS, type LegalKind } from '../../../../shared/legal/documents';
import type { MyConsents } from '../../../../shared/schemas/legal';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useLogoutFlow } from '../../auth';
import { LegalDocLink } from '../../help';
import { useMyConsents, useRecordConsents } from '../api';

const NAME_KEY: Record<LegalKind, string> = {
  terms: 'common:routes.terms',
  privacy: 'common:routes.privacy',
  cross_border: 'common:routes.crossBorder',
  sensitive_data: 'common:routes.sensitiveData',
};
const LEGAL_PAGES = new Set<string>(Object.values(LEGAL_PATHS));
const linkClass = 'font-medium text-primary-700 underline dark:text-primary-300';

/**
 * The blocking consent screen (decision 124): a signed-in user who has not consented to the current
 * version of a document (an account made through the API without consents, or a new version since)
 * agrees before anything else, or logs out. The documents' own pages stay readable behind it.
 */
export function ConsentGate() {
  const { pathname } = useLocation();
  const consents = useMyConsents(true);
  const needed = consents.data?.needed ?? [];
  if (needed.length === 0 || LEGAL_PAGES.has(pathname.replace(/\/+$/, ''))) return null;
  return <ConsentDialog data={consents.data!} />;
}

function ConsentDialog({ data }: { data: MyConsents }) {
  const { t } = useTranslation(['legal', 'common']);
  const locale = currentLocale();
  const record = useRecordConsents();
  const logout = useLogoutFlow();
  const needed = new Set(data.needed);
  const pending = data.documents.filter((d) => needed.has(d.kind));
  const updated = pending.some((d) => d.given !== null);
  const askTermsPrivacy = needed.has('terms') || needed.has('privacy');
  const askTransfer = needed.has('cross_border');
  const [ticked, setTicked] = useState({ termsPrivacy: false, transfer: false });
  const [submitted, setSubmitted] = useState(false);
  const missing = { termsPrivacy: askTermsPrivacy && !ticked.termsPrivacy, transfer: askTransfer && !ticked.transfer };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (missing.termsPrivacy || missing.transfer) return;
    // The versions the server named: the texts behind the links are the ones it serves now.
    record.mutate(
      pending.map((d) => ({ kind: d.kind, version: d.version })),
      {
        onError: (err) => {
          const changed = err instanceof ApiError && err.code === 'consent_version_not_current';
          showToast({
            title: t('gate.failed'),
            description: changed ? t('gate.changed') : t('gate.failedBody'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  const docLink = (kind: LegalKind) => <LegalDocLink kind={kind} className={linkClass} />;
  const termsKey =
    needed.has('terms') && needed.has('privacy')
      ? 'gate.agreeTermsPrivacy'
      : needed.has('terms')
        ? 'gate.agreeTerms'
        : 'gate.agreePrivacy';

  return (
    <Dialog.Root open>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/60" />
        <Dialog.Content
          onEscapeKeyDown={(e) => e.preventDefault()}
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          className="fixed inset-x-0 bottom-0 z-[60] max-h-[92vh] overflow-y-auto rounded-t-2xl bg-white p-5 shadow-xl sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-full sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[var(--radius-card)] sm:p-6 dark:bg-stone-900"
        >
          <Dialog.Title className="text-xl font-semibold text-stone-900 dark:text-white">
            {t(updated ? 'gate.titleUpdated' : 'gate.titleNew')}
          </Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-stone-600 dark:text-stone-400">
            {t(updated ? 'gate.introUpdated' : 'gate.introNew')}
          </Dialog.Description>
          <ul className="mt-4 space-y-2 text-sm">
            {pending.map((d) => (
              <li key={d.kind}>
                <Link to={LEGAL_PATHS[d.kind]} target="_blank" rel="noopener" className={linkClass}>
                  {t('gate.document', {
                    name: t(NAME_KEY[d.kind]),
                    version: d.version,
                    date: formatCalendarDate(d.effectiveDate, locale, { month: 'long' }),
                  })}
                  <span className="sr-only">{t('gate.opensInNewTab')}</span>
                </Link>
              </li>
            ))}
          </ul>
          <form noValidate onSubmit={submit} className="mt-5 space-y-4">
            {askTermsPrivacy && (
              <CheckboxField
                checked={ticked.termsPrivacy}
                onChange={(e) => setTicked((v) => ({ ...v, termsPrivacy: e.target.checked }))}
                error={submitted && missing.termsPrivacy ? t('gate.required') : undefined}
                label={
                  <Trans
                    t={t}
                    i18nKey={termsKey}
                    components={{ terms: docLink('terms'), privacy: docLink('privacy') }}
                  />
                }
              />
            )}
            {askTransfer && (
              <CheckboxField
                checked={ticked.transfer}
                onChange={(e) => setTicked((v) => ({ ...v, transfer: e.target.checked }))}
                error={submitted && missing.transfer ? t('gate.required') : undefined}
                label={<Trans t={t} i18nKey="gate.agreeTransfer" components={{ notice: docLink('cross_border') }} />}
              />
            )}
            <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
              <Button variant="ghost" onClick={logout.run} busy={logout.pending}>
                {t('gate.logOut')}
              </Button>
              <Button type="submit" busy={record.isPending}>
                {t('gate.submit')}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
