import twilio from 'twilio';
import { AppError } from '../../lib/app-error';

/** Hands one text message to whoever delivers it; `id` is the provider's own id of the message, when it gives one. */
export interface SmsProvider {
  readonly kind: 'outbox' | 'twilio';
  send(message: { to: string; body: string }): Promise<{ id: string | null }>;
}

/** Sends nothing: the message stays in sms_outbox (the sender marks it `logged`), as e-mails without SMTP do. */
export const outboxProvider: SmsProvider = { kind: 'outbox', send: async () => ({ id: null }) };

/** Twilio's own request client with every request sent to another origin (TWILIO_API_URL: the tests' local server). */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(
    private readonly origin: URL,
    timeout: number,
  ) {
    super({ timeout });
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    const uri = new URL(opts.uri);
    uri.protocol = this.origin.protocol;
    uri.host = this.origin.host;
    return super.request({ ...opts, uri: uri.href });
  }
}

/** Within this, a message is sent or the request is answered 503 (the code can be asked for again). */
const TWILIO_TIMEOUT_MS = 5_000;

/**
 * Twilio's Messages API through its official client (decision 147). The client takes an HTTP client of
 * our choosing, which is how the tests point it at their own server without touching the network.
 */
export function twilioProvider(opts: {
  accountSid: string;
  authToken: string;
  from: string;
  apiUrl?: string;
}): SmsProvider {
  const client = twilio(opts.accountSid, opts.authToken, {
    timeout: TWILIO_TIMEOUT_MS,
    autoRetry: false,
    ...(opts.apiUrl ? { httpClient: new RebasedRequestClient(new URL(opts.apiUrl), TWILIO_TIMEOUT_MS) } : {}),
  });
  // A messaging service id goes in its own field; anything else is the sender itself.
  const sender = opts.from.startsWith('MG') ? { messagingServiceSid: opts.from } : { from: opts.from };
  return {
    kind: 'twilio',
    async send({ to, body }) {
      try {
        const message = await client.messages.create({ to, body, ...sender });
        return { id: message.sid };
      } catch (err) {
        // Twilio's refusal names its code and status; the caller logs it and the user may ask again.
        const status = (err as { status?: number }).status;
        const code = (err as { code?: number }).code;
        throw new AppError(
          'unavailable',
          `The text message could not be sent${status ? ` (Twilio ${status}${code ? `, ${code}` : ''})` : ''}`,
        );
      }
    },
  };
}
