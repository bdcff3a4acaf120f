import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { startTestDeepL, type TestDeepL } from '../../test/deepl-server';
import { deeplProvider, ProviderError } from './provider';

describe('the DeepL provider (deepl-node) against the local /v2/translate server', () => {
  let deepl: TestDeepL;
  beforeAll(async () => {
    deepl = await startTestDeepL('right-key');
  });
  afterAll(() => deepl.close());

  const provider = (authKey: string) => deeplProvider({ authKey, serverUrl: deepl.env.DEEPL_SERVER_URL });

  it('sends the texts form-encoded with the key header and source language, and reads the translations in order', async () => {
    deepl.mode = 'ok';
    expect(await provider('right-key').translate(['おはよう', 'こんにちは'], 'ja', 'zh')).toEqual([
      '[ZH-HANS] おはよう',
      '[ZH-HANS] こんにちは',
    ]);
    // Tags kept as XML, the placeholder tag left alone (decision 181).
    expect(deepl.received.at(-1)).toEqual({
      authKey: 'right-key',
      texts: ['おはよう', 'こんにちは'],
      sourceLang: 'ja',
      targetLang: 'zh-HANS',
      tagHandling: 'xml',
      ignoreTags: 'x',
    });
    expect(await provider('right-key').translate(['電話は <x id="0"/> まで'], 'ja', 'zh')).toEqual([
      '[ZH-HANS] 電話は <x id="0"/> まで',
    ]);
    // English is asked for as a variant: DeepL's client refuses a bare `en` as a target.
    expect(await provider('right-key').translate(['你好'], 'zh', 'en')).toEqual(['[EN-US] 你好']);
  });

  it('a wrong key is refused (403) and is a failure the job retries, not a quota', async () => {
    const err = await provider('wrong-key')
      .translate(['こんにちは'], 'ja', 'zh')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).failure).toBe('failed');
    expect(deepl.received.at(-1)!.authKey).toBe('wrong-key');
  });

  it('456 is the quota, 429 and 5xx are a busy provider', async () => {
    const failure = async (mode: TestDeepL['mode']) => {
      deepl.mode = mode;
      const err = await provider('right-key')
        .translate(['こんにちは'], 'ja', 'zh')
        .catch((e: unknown) => e);
      return (err as ProviderError).failure;
    };
    expect(await failure(456)).toBe('quota');
    expect(await failure(429)).toBe('busy');
    expect(await failure(500)).toBe('busy');
    expect(await failure(503)).toBe('busy');
    deepl.mode = 'ok';
  });

  it('the server also takes a JSON body, as DeepL does', async () => {
    const res = await fetch(`${deepl.env.DEEPL_SERVER_URL}/v2/translate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'DeepL-Auth-Key right-key' },
      body: JSON.stringify({ text: ['ありがとう'], target_lang: 'ZH', source_lang: 'JA' }),
    });
    expect(await res.json()).toEqual({ translations: [{ detected_source_language: 'JA', text: '[ZH] ありがとう' }] });
  });
});

describe('the translation settings', () => {
  it('default to no provider, a budget of 500,000 characters a month and 10,000 a day per account', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).translation).toEqual({
      provider: null,
      monthlyCharacters: 500_000,
      dailyCharactersPerUser: 10_000,
    });
  });

  it('DeepL needs its key; the server URL is optional (the client then decides by the key)', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', TRANSLATION_PROVIDER: 'deepl' })).toThrow(/DEEPL_AUTH_KEY/);
    expect(
      loadConfig({
        NODE_ENV: 'test',
        TRANSLATION_PROVIDER: 'deepl',
        DEEPL_AUTH_KEY: 'k:fx',
        TRANSLATION_MONTHLY_CHARACTERS: '1000',
        TRANSLATION_DAILY_CHARACTERS_PER_USER: '50',
      }).translation,
    ).toEqual({
      provider: { kind: 'deepl', authKey: 'k:fx', serverUrl: undefined },
      monthlyCharacters: 1000,
      dailyCharactersPerUser: 50,
    });
    expect(() => loadConfig({ NODE_ENV: 'test', TRANSLATION_PROVIDER: 'google' })).toThrow(/TRANSLATION_PROVIDER/);
  });
});
