import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LICENCE_KINDS,
  PREFECTURES,
  prefectureName,
  type CredentialType,
  type LicenceKind,
} from '../../../../shared/licences';
import { matchLocale } from '../../../../shared/locales';
import type { Credential } from '../../../../shared/schemas/licences';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-select';
import { CheckboxField, Panel, SelectField, TextField } from '../../../components/ui/form';
import { ApiError } from '../../../lib/api-client';
import { showToast } from '../../../lib/toast';
import { useOwnCredentials, useSetGuideDrives, useSubmitCredential } from '../api';
import { FileField } from '../../../components/ui/file-field';
import { LicenceLanguagesField } from './licence-languages-field';

/** A licence card or certificate: a photo or a PDF. */
const CREDENTIAL_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,application/pdf';

function StatusLine({ credential }: { credential: Credential | null }) {
  const { t } = useTranslation('licences');
  if (!credential) return null;
  const tone =
    credential.status === 'verified'
      ? 'text-emerald-700 dark:text-emerald-300'
      : credential.status === 'rejected'
        ? 'text-danger-600 dark:text-red-400'
        : 'text-amber-700 dark:text-amber-300';
  return (
    <p role="status" className={`text-sm font-medium ${tone}`} data-testid={`credential-status-${credential.type}`}>
      {t(`editor.status.${credential.status}`, { reason: credential.reviewNote ?? '' })}
    </p>
  );
}

/**
 * What went wrong, in the reader's language: the server's words only where they are already in it (a
 * protected title), otherwise ours for the field or the file it names.
 */
function useErrorText() {
  const { t } = useTranslation('licences');
  return (e: unknown): string => {
    if (!(e instanceof ApiError)) return t('editor.errors.failed');
    if (e.status === 413) return t('editor.errors.tooLarge');
    if (e.status === 415) return t('editor.errors.fileType');
    if (e.code === 'protected_title' && e.body?.message) return e.body.message;
    const field = e.body?.fields?.[0]?.path.replace(/^body\./, '');
    if (
      e.code === 'validation_failed' &&
      field &&
      ['languages', 'registrationNumber', 'region', 'insurer', 'validUntil'].includes(field)
    )
      return t(`editor.errors.${field}`);
    return t('editor.errors.failed');
  };
}

/** Submits one credential; the server's field errors show under the form. */
function useSubmit(type: CredentialType) {
  const { t } = useTranslation('licences');
  const submit = useSubmitCredential();
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const send = (fields: Record<string, string>, file: File | null, reset: () => void) => {
    if (!file) return setError(t('editor.errors.file'));
    setError(null);
    submit.mutate(
      { type, fields, file },
      {
        onSuccess: () => {
          reset();
          showToast({ title: t('editor.submitted'), variant: 'success' });
        },
        onError: (e) => setError(errorText(e)),
      },
    );
  };
  return { send, error, pending: submit.isPending };
}

/** The guide's licence (全国通訳案内士 / 地域通訳案内士), insurance proof and "I drive travelers" (decision 092). */
export function LicenceEditor() {
  const { t, i18n } = useTranslation('licences');
  const locale = matchLocale(i18n.language) ?? 'en';
  const own = useOwnCredentials();
  const drives = useSetGuideDrives();
  const licence = useSubmit('licence');
  const insurance = useSubmit('insurance');
  const [kind, setKind] = useState<LicenceKind>('national');
  const [region, setRegion] = useState('');
  const [number, setNumber] = useState('');
  const [prefecture, setPrefecture] = useState<string>('tokyo');
  const [languages, setLanguages] = useState<string[]>([]);
  const [card, setCard] = useState<File | null>(null);
  const [insurer, setInsurer] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [certificate, setCertificate] = useState<File | null>(null);
  const [formKey, setFormKey] = useState(0);

  const submitLicence = (e: FormEvent) => {
    e.preventDefault();
    licence.send(
      {
        licenceKind: kind,
        ...(kind === 'regional' ? { region } : {}),
        registrationNumber: number,
        prefecture,
        languages: languages.join(','),
      },
      card,
      () => {
        setCard(null);
        setFormKey((k) => k + 1);
      },
    );
  };
  const submitInsurance = (e: FormEvent) => {
    e.preventDefault();
    insurance.send({ insurer, validUntil }, certificate, () => {
      setCertificate(null);
      setFormKey((k) => k + 1);
    });
  };
  const data = own.data;
  return (
    <Panel id="guide-licence" title={t('editor.title')} description={t('editor.intro')}>
      <div className="space-y-8">
        <form onSubmit={submitLicence} className="space-y-4" aria-label={t('editor.title')} key={`l${formKey}`}>
          <StatusLine credential={data?.licence ?? null} />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t('editor.kind')} value={kind} onChange={(e) => setKind(e.target.value as LicenceKind)}>
              {LICENCE_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`editor.kinds.${k}`)}
                </option>
              ))}
            </SelectField>
            {kind === 'regional' && (
              <TextField
                label={t('editor.region')}
                hint={t('editor.regionHint')}
                value={region}
                onChange={(e) => setRegion(e.target.value)}
                required
                maxLength={100}
              />
            )}
            <TextField
              label={t('editor.number')}
              value={number}
              onChange={(e) => setNumber(e.target.value)}
              required
              maxLength={40}
            />
            <SelectField
              label={t('editor.prefecture')}
              value={prefecture}
              onChange={(e) => setPrefecture(e.target.value)}
            >
              {PREFECTURES.map((p) => (
                <option key={p} value={p}>
                  {prefectureName(p, locale)}
                </option>
              ))}
            </SelectField>
            <LicenceLanguagesField value={languages} onChange={setLanguages} hint={t('editor.languagesHint')} />
            <FileField
              label={t('editor.file')}
              hint={t('editor.fileHint')}
              accept={CREDENTIAL_ACCEPT}
              onFiles={(f) => setCard(f[0] ?? null)}
            />
          </div>
          {licence.error && (
            <p role="alert" className="text-sm text-danger-600 dark:text-red-400">
              {licence.error}
            </p>
          )}
          <Button type="submit" disabled={licence.pending}>
            {data?.licence ? t('editor.resubmit') : t('editor.submit')}
          </Button>
        </form>

        <form
          onSubmit={submitInsurance}
          className="space-y-4 border-t border-stone-200 pt-6 dark:border-stone-800"
          aria-label={t('editor.insuranceTitle')}
          key={`i${formKey}`}
        >
          <h3 className="text-base font-semibold">{t('editor.insuranceTitle')}</h3>
          <p className="text-sm text-stone-600 dark:text-stone-400">{t('editor.insuranceIntro')}</p>
          <StatusLine credential={data?.insurance ?? null} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('editor.insurer')}
              value={insurer}
              onChange={(e) => setInsurer(e.target.value)}
              required
              maxLength={100}
            />
            <DateField label={t('editor.validUntil')} value={validUntil} onChange={setValidUntil} required />
            <FileField
              label={t('editor.insuranceFile')}
              hint={t('editor.fileHint')}
              accept={CREDENTIAL_ACCEPT}
              onFiles={(f) => setCertificate(f[0] ?? null)}
            />
          </div>
          {insurance.error && (
            <p role="alert" className="text-sm text-danger-600 dark:text-red-400">
              {insurance.error}
            </p>
          )}
          <Button type="submit" variant="outline" disabled={insurance.pending}>
            {t('editor.submit')}
          </Button>
          <CheckboxField
            label={
              <>
                {t('editor.drives')}
                {!data?.mayDrive && (
                  <span className="block text-xs text-stone-600 dark:text-stone-400">{t('editor.drivesNeeds')}</span>
                )}
              </>
            }
            checked={data?.guideDrives ?? false}
            disabled={!data?.mayDrive || drives.isPending}
            onChange={(e) =>
              drives.mutate(e.currentTarget.checked, {
                onSuccess: () => showToast({ title: t('editor.saved'), variant: 'success' }),
              })
            }
          />
        </form>
      </div>
    </Panel>
  );
}
