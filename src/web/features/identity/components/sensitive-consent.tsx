import { ShieldAlert } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { MyConsents } from '../../../../shared/schemas/legal';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSession } from '../../../lib/session';
import { privacyLawsFor } from '../../../../shared/privacy-law';
import { LegalDocLink } from '../../help';
import { useRecordConsents } from '../../legal/index';

type Notice = MyConsents['documents'][number];

/** The summary's points, in the notice's order: what, why, who, where, how long, withdrawing. */
const POINTS = ['what', 'why', 'who', 'where', 'howLong', 'withdraw'] as const;

/**
 * The sensitive-data notice as the server names it, and whether the user still has to consent to its current version.
 */
export function sensitiveNotice(data: MyConsents | undefined): { notice: Notice | undefined; needed: boolean } {
  const notice = data?.documents.find((d) => d.kind === 'sensitive_data');
  return { notice, needed: !!notice && notice.given !== notice.version };
}

/**
 * Before the first upload: the notice on sensitive personal information in short, a link to its full
 * text and an unticked box. The uploads stay disabled until the consent is recorded (POST
 * /api/me/consents), as PIPL asks a separate consent before ID documents and face photos are processed
 * and the server refuses them without it (decision 131). A user holding the current version never sees it.
 */
export function SensitiveConsent({ notice, onGiven }: { notice: Notice; onGiven: () => void }) {
  // The law of where the person lives (a guide in Kyoto is not cited China's).
  const user = useSession()?.user;
  const laws = privacyLawsFor({
    isGuide: user?.isGuide ?? false,
    applying: user?.guideStatus.shouldShowViewApplicationButton ?? false,
    phone: user?.phone ?? null,
    locale: currentLocale(),
  });
  const { t } = useTranslation('identity');
  const locale = currentLocale();
  const record = useRecordConsents();
  const [ticked, setTicked] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const updated = notice.given !== null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!ticked) return;
    // The version the server named: the text behind the link is the one it serves now.
    record.mutate([{ kind: 'sensitive_data', version: notice.version }], {
      onSuccess: () => {
        showToast({ title: t('consent.done'), variant: 'success' });
        onGiven();
      },
      onError: (err) => {
        const changed = err instanceof ApiError && err.code === 'consent_version_not_current';
        showToast({ title: t(changed ? 'consent.changed' : 'consent.failed'), variant: 'destructive' });
      },
    });
  };

  return (
    <section
      aria-labelledby="identity-consent-title"
      data-testid="identity-consent"
      className="rounded-[var(--radius-card)] border border-amber-300 bg-amber-50/60 p-5 sm:p-6 dark:border-amber-800 dark:bg-amber-950/30"
    >
      <div className="flex items-start gap-3">
        <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700 dark:text-amber-300" aria-hidden />
        <div className="min-w-0">
          <h2 id="identity-consent-title" className="font-semibold">
            {t(updated ? 'consent.titleUpdated' : 'consent.title')}
          </h2>
          <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">
            {t(updated ? 'consent.introUpdated' : `consent.intro.${laws.length > 1 ? 'both' : laws[0]!}`)}
          </p>
        </div>
      </div>
      <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-stone-700 dark:text-stone-300">
        {POINTS.map((point) => (
          <li key={point}>{t(`consent.${point}`)}</li>
        ))}
      </ul>
      <p className="mt-3 text-sm">
        <LegalDocLink
          kind="sensitive_data"
          data-testid="identity-consent-notice"
          className="font-medium text-primary-700 underline dark:text-primary-300"
        >
          {t('consent.readFull', {
            version: notice.version,
            date: formatCalendarDate(notice.effectiveDate, locale, { month: 'long' }),
          })}
        </LegalDocLink>
      </p>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <CheckboxField
          checked={ticked}
          onChange={(e) => setTicked(e.target.checked)}
          error={submitted && !ticked ? t('consent.required') : undefined}
          label={t('consent.agree')}
          data-testid="identity-consent-box"
        />
        <Button type="submit" busy={record.isPending} className="w-full sm:w-auto">
          {t('consent.submit')}
        </Button>
      </form>
    </section>
  );
}
