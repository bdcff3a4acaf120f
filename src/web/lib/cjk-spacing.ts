import type { PostProcessorModule } from 'i18next';

/**
 * locales/VOICE.md: one space between Chinese and a Latin word. Our own strings carry it; a name,
 * title or city put into a string joins Chinese without one (the value may itself be Chinese), so a
 * Latin value ("Sato Yuki需要在…", "地陪Sato Yuki") gets its space here, after interpolation.
 */
const HAN = '\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff';
const LATIN_HAN = new RegExp(`([A-Za-z\\u00c0-\\u024f])([${HAN}])`, 'g');
const HAN_LATIN = new RegExp(`([${HAN}])([A-Za-z\\u00c0-\\u024f])`, 'g');

export function spaceLatinHan(text: string): string {
  return text.replace(LATIN_HAN, '$1 $2').replace(HAN_LATIN, '$1 $2');
}

/** i18next post-processor (`postProcess: 'cjkSpacing'`): applies `spaceLatinHan` to Chinese strings only. */
export const cjkSpacing: PostProcessorModule = {
  type: 'postProcessor',
  name: 'cjkSpacing',
  process(value: string, _key: string | string[], options: { lng?: string }, translator: { language?: string }) {
    const lng = options.lng ?? translator.language;
    return typeof value === 'string' && lng?.startsWith('zh') ? spaceLatinHan(value) : value;
  },
};

/**
 * A sentence followed by more text in the same line (a link, a button): one space after it, none
 * after full-width punctuation (VOICE.md: "已取消。在…", not "已取消。 在…").
 */
export function withGap(text: string): string {
  return /[\u3000-\u303f\uff00-\uffef\u2026\u2014\u201d]$/.test(text) ? text : `${text} `;
}

/** A list in running text: "大阪、京都" in Chinese, "Osaka, Kyoto" in English (VOICE.md). */
export function listText(items: readonly string[], locale: string): string {
  return items.join(locale === 'en' ? ', ' : '、');
}
