import {
  BadgeCheck,
  Clock,
  FileEdit,
  LifeBuoy,
  Lock,
  ShieldCheck,
  ShieldQuestion,
  XCircle,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IDENTITY_DOCUMENT_KINDS,
  IDENTITY_FILE_KINDS,
  type IdentityDocumentKind,
  type IdentityVerification,
} from '../../../../shared/schemas/identity';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form';
import { LoadFailed } from '../../../components/ui/page-message';
import { Spinner } from '../../../components/ui/spinner';
import { currentLocale } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../lib/toast';
import { formatInstant } from '../../../lib/format';
import { useMyConsents } from '../../legal/index';
import { openSupport } from '../../support/index';
import { useIdentityVerification, useRefreshMeWhenVerified, useSubmitIdentity } from '../api';
import { identityErrorKey } from '../lib';
import { FileSlot } from './file-slot';
import { SensitiveConsent, sensitiveNotice } from './sensitive-consent';

type Shown = IdentityVerification['status'];

const LOOK: Record<Shown, { icon: LucideIcon; tone: string }> = {
  none: { icon: ShieldQuestion, tone: 'bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200' },
  draft: { icon: FileEdit, tone: 'bg-primary-50 text-primary-700 dark:bg-primary-900/40 dark:text-primary-200' },
  submitted: { icon: Clock, tone: 'bg-amber-50 text-amber-800 dark:bg-amber-950/50 dark:text-amber-200' },
  changes_requested: { icon: FileEdit, tone: 'bg-amber-50 text-amber-800 dark:bg-amber-950/50 dark:text-amber-200' },
  approved: { icon: BadgeCheck, tone: 'bg-green-50 text-green-800 dark:bg-green-950/50 dark:text-green-200' },
  rejected: { icon: XCircle, tone: 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200' },
};

const card =
  'rounded-[var(--radius-card)] border border-stone-200 bg-white p-5 shadow-soft sm:p-6 dark:border-stone-800 dark:bg-stone-900';

/** /verify-identity: where the verification stands, why it matters, and the document type, files and submission. */
export function VerificationView() {
  const { t } = useTranslation('identity');
  const session = useSession();
  const query = useIdentityVerification();
  // The separate sensitive-data consent is asked here, before files can be uploaded (decision 131).
  const consents = useMyConsents(query.data?.editable === true);
  useRefreshMeWhenVerified(query.data?.identityVerified, session?.user.identityVerified);
  // After the consent the keyboard continues at the document type, once the form has unlocked.
  const [focusKind, setFocusKind] = useState(false);

  if (query.isPending || (query.data?.editable && consents.isPending)) return <Spinner />;
  if (query.isError) return <LoadFailed title={t('status.loadFailed')} onRetry={() => void query.refetch()} />;
  const v = query.data;
  // A user verified before this flow existed (e.g. seeded) has no files but is verified all the same.
  const shown: Shown = v.identityVerified ? 'approved' : v.status;
  // Unknown (the consents did not load): asked, so the uploads are not offered to be refused.
  const { notice, needed } = sensitiveNotice(consents.data);
  const locked = v.editable && (needed || !notice);

  return (
    <div className="space-y-6">
      <StatusCard v={v} shown={shown} />
      <WhyCard />
      {v.editable && notice && needed && <SensitiveConsent notice={notice} onGiven={() => setFocusKind(true)} />}
      {v.editable && !notice && consents.isError && (
        <LoadFailed title={t('status.loadFailed')} onRetry={() => void consents.refetch()} />
      )}
      {v.editable ? (
        <UploadForm v={v} locked={locked} focusKind={focusKind} onFocused={() => setFocusKind(false)} />
      ) : (
        (v.document || v.selfie) && <FilesCard v={v} />
      )}
    </div>
  );
}

function StatusCard({ v, shown }: { v: IdentityVerification; shown: Shown }) {
  const { t } = useTranslation('identity');
  const { icon: Icon, tone } = LOOK[shown];
  const locale = currentLocale();
  const date = (iso: string | null) => (iso ? formatInstant(iso, locale).date : null);
  const submitted = shown === 'none' || shown === 'draft' ? null : date(v.submittedAt);
  const reviewed =
    shown === 'approved' || shown === 'rejected' || shown === 'changes_requested' ? date(v.reviewedAt) : null;
  return (
    <section
      aria-labelledby="identity-status-title"
      aria-live="polite"
      data-testid="identity-status"
      data-status={shown}
      className={card}
    >
      <div className="flex items-start gap-4">
        <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full ${tone}`}>
          <Icon className="h-6 w-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h2 id="identity-status-title" className="text-xl font-semibold tracking-tight">
              {t(`status.${shown}.title`)}
            </h2>
            {shown === 'approved' && (
              <span
                data-testid="identity-verified-badge"
                className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-sm font-semibold text-green-800 dark:bg-green-900/50 dark:text-green-200"
              >
                <ShieldCheck className="h-4 w-4" aria-hidden />
                {t('status.badge')}
              </span>
            )}
          </div>
          <p className="mt-1 text-stone-700 dark:text-stone-300">{t(`status.${shown}.body`)}</p>
          {(submitted || reviewed) && (
            <p className="mt-2 text-sm text-stone-600 dark:text-stone-400">
              {submitted && t('status.submittedAt', { date: submitted })}
              {submitted && reviewed && ' · '}
              {reviewed && t('status.reviewedAt', { date: reviewed })}
            </p>
          )}
        </div>
      </div>
      {(shown === 'rejected' || shown === 'changes_requested') && v.reviewNote && (
        <div className="mt-5 rounded-lg bg-stone-50 p-4 dark:bg-stone-800/60" data-testid="identity-review-note">
          <p className="text-sm font-semibold">
            {t(shown === 'rejected' ? 'status.rejected.reason' : 'status.changes_requested.note')}
          </p>
          <p className="mt-1 whitespace-pre-line break-words text-sm">{v.reviewNote}</p>
        </div>
      )}
      {shown === 'rejected' && (
        <div className="mt-5">
          <Button variant="outline" onClick={() => void openSupport('identity_verification_failure')}>
            <LifeBuoy className="h-4 w-4" aria-hidden />
            {t('status.support')}
          </Button>
        </div>
      )}
    </section>
  );
}

function WhyCard() {
  const { t } = useTranslation('identity');
  return (
    <section
      aria-labelledby="identity-why-title"
      className="rounded-[var(--radius-card)] border border-stone-200 bg-stone-50 p-5 sm:p-6 dark:border-stone-800 dark:bg-stone-900/60"
    >
      <h2 id="identity-why-title" className="font-semibold">
        {t('why.title')}
      </h2>
      <p className="mt-2 text-sm text-stone-700 dark:text-stone-300">{t('why.body')}</p>
      <p className="mt-3 flex items-start gap-2 text-sm text-stone-700 dark:text-stone-300">
        <Lock className="mt-0.5 h-4 w-4 shrink-0 text-primary-600" aria-hidden />
        <span>{t('why.privacy')}</span>
      </p>
    </section>
  );
}

/**
 * `locked`: without the current sensitive-data consent nothing can be chosen, uploaded or submitted.
 * `focusKind`: the consent was just given; the document type takes the focus once it is enabled, which
 * is after the consents are read again (a disabled control cannot take it).
 */
function UploadForm({
  v,
  locked,
  focusKind,
  onFocused,
}: {
  v: IdentityVerification;
  locked: boolean;
  focusKind: boolean;
  onFocused: () => void;
}) {
  const { t } = useTranslation('identity');
  useEffect(() => {
    if (!focusKind || locked) return;
    document.querySelector<HTMLElement>('[data-testid="identity-kind"]')?.focus();
    onFocused();
  }, [focusKind, locked, onFocused]);
  const [kind, setKind] = useState<IdentityDocumentKind | ''>(v.documentKind ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = useSubmitIdentity();
  const ready = !!kind && !!v.document && !!v.selfie;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (locked) return;
    if (!ready) {
      setError(t('errors.incomplete'));
      return;
    }
    setError(null);
    submit.mutate(kind || undefined, {
      onSuccess: () => {
        showToast({ title: t('submit.done'), variant: 'success' });
        // The form goes away and the status above changes: bring it into view.
        document.getElementById('identity-status-title')?.scrollIntoView?.({ block: 'center' });
      },
      onError: (err) => setError(t(identityErrorKey(err))),
    });
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="identity-form-title"
      className={`${card} space-y-6`}
      aria-busy={submit.isPending}
    >
      <h2 id="identity-form-title" className="sr-only">
        {t('page.title')}
      </h2>
      <SelectField
        label={t('kind.label')}
        hint={t('kind.hint')}
        value={kind}
        disabled={locked}
        onChange={(e) => setKind(e.target.value as IdentityDocumentKind | '')}
        wrapperClassName="max-w-sm"
        data-testid="identity-kind"
      >
        <option value="">{t('kind.choose')}</option>
        {IDENTITY_DOCUMENT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`kind.${k}`)}
          </option>
        ))}
      </SelectField>
      {kind === 'my_number_card' && (
        <p
          role="note"
          className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
          data-testid="my-number-front"
        >
          {t('kind.myNumberFront')}
        </p>
      )}

      <div className="grid gap-6 sm:grid-cols-2">
        {IDENTITY_FILE_KINDS.map((k) => (
          <FileSlot key={k} kind={k} file={v[k]} editable locked={locked} documentKind={kind || undefined} />
        ))}
      </div>

      <div className="space-y-2 border-t border-stone-200 pt-5 dark:border-stone-800">
        {error && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        {locked && <p className="text-sm text-stone-600 dark:text-stone-400">{t('consent.locked')}</p>}
        {!locked && !ready && !error && (
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('submit.needBoth')}</p>
        )}
        <Button
          type="submit"
          variant="accent"
          disabled={locked || submit.isPending}
          aria-disabled={!ready || undefined}
          className="w-full sm:w-auto"
        >
          <ShieldCheck className="h-4 w-4" aria-hidden />
          {submit.isPending ? t('submit.submitting') : t('submit.button')}
        </Button>
      </div>
    </form>
  );
}

function FilesCard({ v }: { v: IdentityVerification }) {
  const { t } = useTranslation('identity');
  return (
    <section aria-labelledby="identity-files-title" className={card}>
      <h2 id="identity-files-title" className="font-semibold">
        {t('files.yours')}
      </h2>
      {v.documentKind && (
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{t(`kind.${v.documentKind}`)}</p>
      )}
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {IDENTITY_FILE_KINDS.map((k) => (
          <FileSlot key={k} kind={k} file={v[k]} editable={false} />
        ))}
      </div>
    </section>
  );
}
