import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { HeldAnswers, listenLocal, sendJson } from './local-server';

/** One message as the fake Twilio server received it. */
export interface TwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/**
 * How the server answers the next requests: accept, refuse with Twilio's error for a bad number, a 5xx, or never
 * answer.
 */
export type TwilioMode = 'ok' | 'invalid_to' | 500 | 'hang';

export interface TestTwilio {
  /** SMS_PROVIDER=twilio and the TWILIO_ settings for an app using this server. */
  env: Record<string, string>;
  /** Every message it accepted, in order. */
  messages: TwilioMessage[];
  /** Requests refused for their credentials (401). */
  unauthorized: number;
  mode: TwilioMode;
  close(): Promise<void>;
}

/**
 * A local server that speaks Twilio's Messages API as the official `twilio` client uses it:
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json` with a form body (`To`, `From` or
 * `MessagingServiceSid`, `Body`) and HTTP Basic credentials (account id and auth token; others are
 * 401 with Twilio's code 20003), answering 201 with the message resource (`sid` `SM…`, `status`
 * `queued`). `mode` makes it refuse the number (400, code 21211), answer 500, or hang.
 */
export async function startTestTwilio(
  accountSid = `AC${'0'.repeat(32)}`,
  authToken = 'test-twilio-token',
): Promise<TestTwilio> {
  const state = { mode: 'ok' as TwilioMode, unauthorized: 0 };
  const messages: TwilioMessage[] = [];
  const hanging = new HeldAnswers();
  const server = createServer((req, res) => void handle(req, res));

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !match)
      return sendJson(res, 404, { code: 20404, message: 'The requested resource was not found', status: 404 });
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.headers.authorization !== expected || match[1] !== accountSid) {
      state.unauthorized++;
      return sendJson(res, 401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!to || !body || (!form.get('From') && !form.get('MessagingServiceSid'))) {
      return sendJson(res, 400, { code: 21604, message: "A 'To' phone number is required.", status: 400 });
    }
    if (state.mode === 'hang') {
      hanging.hold(res);
      return;
    }
    if (state.mode === 500) return sendJson(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
    if (state.mode === 'invalid_to')
      return sendJson(res, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    const message: TwilioMessage = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      to,
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body,
    };
    messages.push(message);
    sendJson(res, 201, {
      sid: message.sid,
      account_sid: accountSid,
      to,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid,
      body,
      status: 'queued',
      num_segments: '1',
      direction: 'outbound-api',
      api_version: '2010-04-01',
      date_created: new Date().toUTCString(),
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  }

  const port = await listenLocal(server);
  return {
    env: {
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: '+15005550006',
      TWILIO_API_URL: `http://127.0.0.1:${port}`,
    },
    messages,
    get unauthorized() {
      return state.unauthorized;
    },
    set unauthorized(n: number) {
      state.unauthorized = n;
    },
    get mode() {
      return state.mode;
    },
    set mode(mode: TwilioMode) {
      state.mode = mode;
    },
    async close() {
      await hanging.close(server);
    },
  };
}
