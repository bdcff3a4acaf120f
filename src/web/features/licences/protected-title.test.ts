import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { i18next, i18nReady } from '../../lib/i18n';
import { protectedTitleText } from './protected-title';

const refusal = new ApiError(400, '', {
  code: 'protected_title',
  message: 'server text',
  fields: [
    { path: 'fullName', message: '通訳案内士' },
    { path: 'bio', message: '通訳案内士, licensed guide' },
  ],
});

describe('protectedTitleText', () => {
  beforeAll(async () => {
    await i18nReady;
    await i18next.loadNamespaces('licences');
  });

  it('names each word the server found once, in the reader’s language', async () => {
    await i18next.changeLanguage('en');
    const en = protectedTitleText(i18next.t, refusal);
    expect(en).toContain('"通訳案内士", "licensed guide"');
    expect(en).toContain('Licensed Guide Interpreter Act');
    await i18next.changeLanguage('zh-CN');
    const zh = protectedTitleText(i18next.t, refusal);
    expect(zh).toContain('通訳案内士');
    expect(zh).toContain('licensed guide');
    expect(zh).not.toBe(en);
    await i18next.changeLanguage('en');
  });

  it('is null for any other error, so the form shows its own message', () => {
    expect(
      protectedTitleText(i18next.t, new ApiError(400, '', { code: 'validation_failed', message: 'x' })),
    ).toBeNull();
    expect(protectedTitleText(i18next.t, new Error('network'))).toBeNull();
  });
});
