import { QuotaExceededError, TooManyRequestsError, Translator, type TargetLanguageCode } from 'deepl-node';
import type { TextLanguage } from '../../../shared/guide-texts';
import type { TRANSLATION_PROVIDER_NAMES } from '../../../shared/schemas/translation';
import { PLACEHOLDER_TAG } from './withheld';

/**
 * How a provider call failed (decision 145): `quota` (DeepL's 456, the account's quota is spent:
 * stop for the month), `busy` (429 or a 5xx, a timeout or a refused connection: try again later),
 * `failed` (anything else, also tried again by the job runner's back-off).
 */
export class ProviderError extends Error {
  constructor(
    readonly failure: 'quota' | 'busy' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A machine translation service: texts in one language, the same number back in another, in order.
 * The texts are XML with placeholder tags where contact details were (withhold, decision 181): the
 * provider keeps the tags.
 */
export interface TranslationProvider {
  /** Stored with each translation (translation_cache.provider). */
  readonly id: 'deepl';
  /** Named to the reader. */
  readonly label: (typeof TRANSLATION_PROVIDER_NAMES)[number];
  translate(texts: string[], from: TextLanguage, to: TextLanguage): Promise<string[]>;
}

/** The longest one provider call may take; the job tries again later (decision 145). */
export const PROVIDER_TIMEOUT_MS = 3_000;

/**
 * DeepL's target codes: Chinese readers here read simplified Chinese, and DeepL refuses a bare `en`
 * as a target (its client asks for a variant).
 */
const DEEPL_TARGET: Record<TextLanguage, TargetLanguageCode> = { zh: 'zh-HANS', en: 'en-US', ja: 'ja' };

/**
 * DeepL through its official Node client. `serverUrl` unset: the client picks the free or the paid
 * API by the key (a key ending ':fx' is a free one). No retries inside the client: the job runner
 * retries with its back-off, and the call must give up within PROVIDER_TIMEOUT_MS.
 */
export function deeplProvider(opts: { authKey: string; serverUrl?: string }): TranslationProvider {
  const translator = new Translator(opts.authKey, {
    serverUrl: opts.serverUrl,
    maxRetries: 0,
    minTimeout: PROVIDER_TIMEOUT_MS,
    sendPlatformInfo: false,
  });
  return {
    id: 'deepl',
    label: 'DeepL',
    async translate(texts, from, to) {
      try {
        const results = await translator.translateText(texts, from, DEEPL_TARGET[to], {
          tagHandling: 'xml',
          ignoreTags: [PLACEHOLDER_TAG],
        });
        return results.map((r) => r.text);
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (err instanceof QuotaExceededError) throw new ProviderError('quota', message);
        if (
          err instanceof TooManyRequestsError ||
          /Service unavailable|status code: 5\d\d|Connection failure|timeout/i.test(message)
        ) {
          throw new ProviderError('busy', message);
        }
        throw new ProviderError('failed', message);
      }
    },
  };
}
