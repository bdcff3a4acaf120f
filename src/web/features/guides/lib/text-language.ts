import type { TextLanguage } from '../../../../shared/guide-texts';
import { localeTextLanguage } from '../../../../shared/guide-texts';
import { currentLocale } from '../../../lib/i18n';

/** Headers that ask for guide texts in the interface language (decision 070). */
export const readerLanguage = () => ({ 'Accept-Language': currentLocale() });

/** The text language of the interface now (zh for zh-CN, else en). */
export const interfaceTextLanguage = (): TextLanguage => localeTextLanguage(currentLocale());
