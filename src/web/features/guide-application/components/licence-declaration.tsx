import { useTranslation } from 'react-i18next';
import {
  LICENCE_KINDS,
  LICENCE_TITLES,
  PREFECTURES,
  prefectureName,
  type LicenceKind,
} from '../../../../shared/licences';
import {
  missingLicenceParts,
  type ApplicationLicence,
  type GuideApplication,
} from '../../../../shared/schemas/guide-applications';
import { SelectField, TextField } from '../../../components/ui/form';
import { currentLocale } from '../../../lib/i18n';
import { LicenceLanguagesField } from '../../licences';

/**
 * A guide licence declared while applying (decision 171): its kind, the registry's facts, and which
 * uploaded file is the card. Declaring it lets the answers use the title it covers; the review checks
 * the registration, and approval makes it the guide's verified licence.
 */
export function LicenceDeclaration({
  licence,
  onChange,
  documents,
  showMissing,
}: {
  licence: ApplicationLicence;
  onChange: (licence: ApplicationLicence) => void;
  documents: GuideApplication['documents'];
  showMissing: boolean;
}) {
  const { t } = useTranslation(['guideApplication', 'licences']);
  const locale = currentLocale();
  const missing = showMissing ? missingLicenceParts(licence) : [];
  const required = (part: string) => (missing.includes(part) ? t('errors.required') : null);
  const set = (patch: ApplicationLicence) => onChange({ ...licence, ...patch });
  return (
    <div className="space-y-4" data-field="licence">
      <p className="text-sm text-stone-600 dark:text-stone-400">{t('licence.intro')}</p>
      <SelectField
        label={t('licence.kind')}
        value={licence.kind ?? ''}
        onChange={(e) => onChange(e.target.value ? { ...licence, kind: e.target.value as LicenceKind } : {})}
      >
        <option value="">{t('licence.none')}</option>
        {LICENCE_KINDS.map((k) => (
          <option key={k} value={k}>
            {LICENCE_TITLES[k]}
          </option>
        ))}
      </SelectField>
      {licence.kind && (
        <>
          <p className="rounded-lg bg-primary-50 p-3 text-sm text-primary-900 dark:bg-primary-900/30 dark:text-primary-100">
            {t('licence.pending', { title: LICENCE_TITLES[licence.kind] })}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {licence.kind === 'regional' && (
              <TextField
                label={t('licences:editor.region')}
                hint={t('licences:editor.regionHint')}
                value={licence.region ?? ''}
                onChange={(e) => set({ region: e.target.value })}
                maxLength={100}
                error={required('region')}
              />
            )}
            <TextField
              label={t('licences:editor.number')}
              value={licence.registrationNumber ?? ''}
              onChange={(e) => set({ registrationNumber: e.target.value })}
              maxLength={40}
              error={required('registrationNumber')}
            />
            <SelectField
              label={t('licences:editor.prefecture')}
              value={licence.prefecture ?? ''}
              onChange={(e) => set({ prefecture: (e.target.value || undefined) as ApplicationLicence['prefecture'] })}
              error={required('prefecture')}
            >
              <option value="">{t('licence.choose')}</option>
              {PREFECTURES.map((p) => (
                <option key={p} value={p}>
                  {prefectureName(p, locale)}
                </option>
              ))}
            </SelectField>
          </div>
          <LicenceLanguagesField
            value={licence.languages ?? []}
            onChange={(codes) => set({ languages: codes as ApplicationLicence['languages'] })}
            error={required('languages')}
          />
          <SelectField
            label={t('licence.card')}
            hint={documents.length ? t('licence.cardHint') : t('licence.noDocuments')}
            value={licence.documentId ? String(licence.documentId) : ''}
            onChange={(e) => set({ documentId: e.target.value ? Number(e.target.value) : undefined })}
            disabled={documents.length === 0}
            error={required('documentId')}
          >
            <option value="">{t('licence.choose')}</option>
            {documents.map((d) => (
              <option key={d.id} value={d.id}>
                {d.description ? `${d.fileName} · ${d.description}` : d.fileName}
              </option>
            ))}
          </SelectField>
        </>
      )}
    </div>
  );
}
