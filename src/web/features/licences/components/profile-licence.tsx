import { Car, Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { withGap } from '../../../lib/cjk-spacing';
import { LICENCE_TITLES, prefectureName } from '../../../../shared/licences';
import { matchLocale, type Locale } from '../../../../shared/locales';
import type { GuideDetail } from '../../../../shared/schemas/guides';

/**
 * A licence language by name: the app's own names for the languages it speaks of elsewhere (中文 /
 * 英语 / 日语), the reader's Intl names for the others a licence may list (ko → 韩语), else the code.
 */
export function languageName(
  code: string,
  locale: Locale,
  t: (key: string, options: { defaultValue: string }) => string,
): string {
  let fallback = code;
  try {
    fallback = new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    // Not a language code Intl knows: the code as written.
  }
  return t(`guides:languages.${code}`, { defaultValue: fallback });
}

/** The help article on what is paid online and on site, and why (decision 092). */
export const PAYING_HELP_PATH = '/help/paying-and-transport';

/**
 * The profile's licence and transport facts: the verified registration (so a traveler can check it
 * with the prefecture), whether the guide drives, and how transport is paid (decision 092).
 */
export function ProfileLicence({ guide }: { guide: Pick<GuideDetail, 'licenceDetails' | 'guideDrives'> }) {
  const { t, i18n } = useTranslation(['licences', 'guides']);
  const locale = matchLocale(i18n.language) ?? 'en';
  const l = guide.licenceDetails;
  return (
    <div className="space-y-3 text-sm text-stone-700 dark:text-stone-300" data-testid="profile-licence">
      {l && (
        <div>
          <p className="font-medium">
            {t('profile.registered', {
              title: `${LICENCE_TITLES[l.kind]}${l.region ? ` (${l.region})` : ''}`,
              number: l.registrationNumber,
              prefecture: prefectureName(l.prefecture, locale),
            })}
          </p>
          {l.languages.length > 0 && (
            <p>
              {t('profile.languages', {
                languages: l.languages.map((code) => languageName(code, locale, t)).join(t('protected.separator')),
              })}
            </p>
          )}
          <p className="text-stone-600 dark:text-stone-400">{t('profile.check')}</p>
        </div>
      )}
      {guide.guideDrives && (
        <p className="flex items-start gap-2">
          <Car className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {t('profile.drives')}
        </p>
      )}
      <p className="flex items-start gap-2">
        <Info className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>
          {withGap(t('transport.line'))}
          <Link to={PAYING_HELP_PATH} className="font-medium text-primary-700 underline dark:text-primary-300">
            {t('transport.whatYouPay')}
          </Link>
        </span>
      </p>
    </div>
  );
}
