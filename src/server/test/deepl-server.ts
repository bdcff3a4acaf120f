import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HeldAnswers, listenLocal, sendJson } from './local-server';

/** One `/v2/translate` request as the fake DeepL server received it. */
export interface DeepLRequest {
  authKey: string | null;
  texts: string[];
  sourceLang: string | null;
  targetLang: string;
  /** `xml` when asked to keep tags: the placeholders of withheld contact details (decision 181). */
  tagHandling: string | null;
  ignoreTags: string | null;
}

/** How the server answers the next requests: translate, refuse with a status, or never answer. */
export type DeepLMode = 'ok' | 456 | 429 | 500 | 503 | 'hang';

export interface TestDeepL {
  /** DEEPL_SERVER_URL and DEEPL_AUTH_KEY (and TRANSLATION_PROVIDER=deepl) for an app using this server. */
  env: Record<string, string>;
  /** Every translate request it received, in order (refused ones too). */
  received: DeepLRequest[];
  /** The texts it translated, flattened. */
  readonly translatedTexts: string[];
  mode: DeepLMode;
  close(): Promise<void>;
}

/**
 * A local server that speaks DeepL's `/v2/translate` (the protocol deepl-node uses): a form-encoded
 * or JSON body with `text` (repeated, or a list), `target_lang` and `source_lang`, the
 * `Authorization: DeepL-Auth-Key …` header (another key is 403), and the answer
 * `{translations: [{detected_source_language, text}]}`. Its translation is recognisable rather than
 * real: `[ZH-HANS] original`, tags kept as they came, as DeepL keeps them with `tag_handling=xml`. `mode` makes it
 * answer 456, 429, a 5xx, or hang (the 3 s deadline).
 */
export async function startTestDeepL(authKey = 'test-key:fx'): Promise<TestDeepL> {
  const received: DeepLRequest[] = [];
  const hanging = new HeldAnswers();
  const state = { mode: 'ok' as DeepLMode };
  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST' || !req.url?.startsWith('/v2/translate'))
      return sendJson(res, 404, { message: 'Not found' });
    const header = req.headers.authorization ?? '';
    const key = header.startsWith('DeepL-Auth-Key ') ? header.slice('DeepL-Auth-Key '.length) : null;
    const body = parseBody(raw, req.headers['content-type'] ?? '');
    const request: DeepLRequest = {
      authKey: key,
      texts: body.texts,
      sourceLang: body.sourceLang,
      targetLang: body.targetLang ?? '',
      tagHandling: body.tagHandling,
      ignoreTags: body.ignoreTags,
    };
    received.push(request);
    if (key !== authKey) return sendJson(res, 403, { message: 'Wrong endpoint or authentication key' });
    if (!request.targetLang || request.texts.length === 0)
      return sendJson(res, 400, { message: 'Parameter text or target_lang not specified' });
    if (state.mode === 'hang') {
      hanging.hold(res);
      return;
    }
    if (state.mode !== 'ok') return sendJson(res, state.mode, { message: `Told to answer ${state.mode}` });
    sendJson(res, 200, {
      translations: request.texts.map((text) => ({
        detected_source_language: (request.sourceLang ?? 'EN').toUpperCase(),
        text: `[${request.targetLang.toUpperCase()}] ${text}`,
      })),
    });
  }

  const port = await listenLocal(server);
  return {
    env: { TRANSLATION_PROVIDER: 'deepl', DEEPL_AUTH_KEY: authKey, DEEPL_SERVER_URL: `http://127.0.0.1:${port}` },
    received,
    get translatedTexts() {
      return received.filter((r) => r.authKey === authKey).flatMap((r) => r.texts);
    },
    get mode() {
      return state.mode;
    },
    set mode(mode: DeepLMode) {
      state.mode = mode;
    },
    async close() {
      await hanging.close(server);
    },
  };
}

/** DeepL takes the same fields form-encoded (`text` repeated) or as JSON (`text` a list). */
function parseBody(
  raw: string,
  contentType: string,
): {
  texts: string[];
  sourceLang: string | null;
  targetLang: string | null;
  tagHandling: string | null;
  ignoreTags: string | null;
} {
  if (contentType.includes('application/json')) {
    const json = JSON.parse(raw || '{}') as {
      text?: string | string[];
      source_lang?: string;
      target_lang?: string;
      tag_handling?: string;
      ignore_tags?: string | string[];
    };
    const texts = json.text === undefined ? [] : Array.isArray(json.text) ? json.text : [json.text];
    const ignoreTags =
      json.ignore_tags === undefined
        ? null
        : Array.isArray(json.ignore_tags)
          ? json.ignore_tags.join(',')
          : json.ignore_tags;
    return {
      texts,
      sourceLang: json.source_lang ?? null,
      targetLang: json.target_lang ?? null,
      tagHandling: json.tag_handling ?? null,
      ignoreTags,
    };
  }
  const form = new URLSearchParams(raw);
  return {
    texts: form.getAll('text'),
    sourceLang: form.get('source_lang'),
    targetLang: form.get('target_lang'),
    tagHandling: form.get('tag_handling'),
    ignoreTags: form.get('ignore_tags'),
  };
}
