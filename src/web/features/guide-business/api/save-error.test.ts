import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { i18next, i18nReady } from '../../../lib/i18n';
import { saveErrorText } from './guide-business';

/** The words the profile and itinerary forms show when the server refuses contact details (decision 181). */
describe('a save refused for contact details', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18next.loadNamespaces('guideBusiness');
  });

  it('says why in en, zh-CN and ja', async () => {
    const body = {
      code: 'contact_details_not_allowed' as const,
      message: 'x',
      fields: [{ path: 'texts.ja.bio', message: 'phone' }],
    };
    const err = new ApiError(400, JSON.stringify(body), body);
    const words: Record<string, RegExp> = {
      en: /^Contact details can't be shown here/,
      'zh-CN': /^公开内容中不能出现联系方式/,
      ja: /^連絡先は公開できません/,
    };
    for (const [lang, re] of Object.entries(words)) {
      await i18next.changeLanguage(lang);
      await i18next.loadNamespaces('guideBusiness');
      expect(saveErrorText(i18next.t.bind(i18next), err)).toMatch(re);
    }
    await i18next.changeLanguage('en');
  });
});
