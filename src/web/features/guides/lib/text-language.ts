import type { TextLanguage } from '../../../../shared/guide-texts';
import { localeTextLanguage } from '../../../../shared/guide-texts';
import { currentLocale } from '../../../lib/i18n';

/** The text language of the interface now (zh for zh-CN, else en). */
export const interfaceTextLanguage = (): TextLanguage => localeTextLanguage(currentLocale());
