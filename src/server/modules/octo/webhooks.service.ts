import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { OctoWebhook, OctoWebhookBody, OctoWebhookWithSecret } from '../../../shared/schemas/octo-webhooks';
import type { Database } from '../../db/client';
import { enqueueJobs, type ClaimedJob, type JobRunner } from '../../jobs/index';
import { AppError } from '../../lib/app-error';
import type { Seal } from '../../lib/seal';
import type { BookingEventMap, BookingEventName, BookingsService } from '../bookings/index';
import type { ChannelRow } from './channels.repository';
import { deliver, webhookUrl, type OutwardRules } from './webhooks-delivery';
import * as repo from './webhooks.repository';

/**
 * The reseller's booking behind one of ours, as `GET /api/octo/bookings/{uuid}` answers it, with the reseller
 * it belongs to; null when the booking was not sold by a reseller. The OCTO bookings module provides it
 * (compose.ts); the webhooks send what it answers, unread.
 */
export type OctoBookingOf = (
  db: Database,
  bookingId: number,
) => Promise<{ channelId: number; booking: unknown } | null>;

export const WEBHOOK_JOB = 'octo.webhook';
/** Webhooks a reseller may register: enough for a test and a live endpoint, and a bound on each change's POSTs. */
export const MAX_WEBHOOKS = 10;

/**
 * The booking events a reseller is told of (decision 203): every change of the booking itself — its status, its
 * guide, its time, its group, its length — and not an ask that changes nothing yet (a change or a reschedule
 * proposed, an extension asked or withdrawn, a day's plan, a payment held). A new event must be placed here.
 */
const TOLD: Record<BookingEventName, boolean> = {
  'booking.change_requested': false,
  'booking.changed': true,
  'booking.change_closed': false,
  'booking.created': true,
  'booking.paid': true,
  'booking.payment_held': false,
  'booking.accepted': true,
  'booking.declined': true,
  'booking.cancelled': true,
  'booking.awaiting_start': true,
  'booking.tour_day': false,
  'booking.replacement_offered': true,
  'booking.replacement_requested': true,
  'booking.replacement_declined': true,
  'booking.cancelled_for_guide': true,
  'booking.no_show_replacing': true,
  'booking.no_show_reported': true,
  'booking.start_confirmed': true,
  'booking.extension_requested': false,
  'booking.extension_paid': false,
  'booking.extension_approved': true,
  'booking.extension_rejected': false,
  'booking.extension_withdrawn': false,
  'booking.extension_confirmed': true,
  'booking.completed': true,
  'booking.reschedule_proposed': false,
  'booking.rescheduled': true,
  'booking.reschedule_declined': false,
  'booking.day_plans_updated': false,
  'booking.reschedule_expired': false,
};

export interface WebhooksDeps {
  db: Database;
  /** Seals each webhook's secret at rest (`lib/seal.ts`, purpose `octo-webhook`). */
  seal: Seal;
  jobs: Pick<JobRunner, 'soon'>;
  rules: OutwardRules;
  octoBookingOf: OctoBookingOf;
  log: { info(o: object, m: string): void };
  now: () => Date;
}

/** What one delivery job carries: the body is kept as sent, so every attempt signs the same bytes. */
const deliveryJobSchema = z.object({ webhookId: z.string(), deliveryId: z.string(), body: z.string() });
type DeliveryJob = z.infer<typeof deliveryJobSchema>;

const viewOf = (r: repo.WebhookRow): OctoWebhook => ({
  id: r.id,
  event: 'booking_update',
  url: r.url,
  retryOnError: r.retryOnError,
  useContactLanguage: false,
  headers: {},
  capabilities: [],
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const invalidId = (id: string) =>
  new AppError('INVALID_WEBHOOK_ID', `There is no webhook ${id} of yours`, [{ path: 'webhookId', message: id }]);

/**
 * OCTO's webhooks (decision 203): a reseller registers, lists and deletes its URLs; each change to one of its
 * bookings becomes one signed delivery job per URL, retried with the job runner's backoff.
 */
export class OctoWebhooks {
  /** Whose booking a booking is (compose.ts gives it; a test may replace it with its own). */
  octoBookingOf: OctoBookingOf;

  constructor(private readonly deps: WebhooksDeps) {
    this.octoBookingOf = deps.octoBookingOf;
  }

  /** A new webhook of the reseller's, with its secret answered this once. */
  async register(channel: ChannelRow, body: OctoWebhookBody): Promise<OctoWebhookWithSecret> {
    return this.create(this.deps.db, channel.id, await this.checkedUrl(body.url), body);
  }

  async list(channel: ChannelRow): Promise<OctoWebhook[]> {
    return this.listOf(channel.id);
  }

  /** Deletes the reseller's own webhook; another's, or none, is INVALID_WEBHOOK_ID. Queued deliveries lapse. */
  async remove(channel: ChannelRow, id: string): Promise<OctoWebhook> {
    const row = await this.removeOf(this.deps.db, channel.id, id);
    if (!row) throw invalidId(id);
    return row;
  }

  /** The URL as it will be called; INVALID_WEBHOOK_URL, saying why, when we will not call it. Asks DNS. */
  async checkedUrl(typed: string): Promise<URL> {
    const url = await webhookUrl(typed, this.deps.rules);
    if (url instanceof URL) return url;
    throw new AppError('INVALID_WEBHOOK_URL', `We will not send to this URL (${url})`, [{ path: 'url', message: url }]);
  }

  /** Stores a webhook at a checked URL with a new secret, in the caller's transaction. */
  async create(db: Database, channelId: number, url: URL, body: OctoWebhookBody): Promise<OctoWebhookWithSecret> {
    if ((await repo.countWebhooks(db, channelId)) >= MAX_WEBHOOKS)
      throw new AppError('UNPROCESSABLE_ENTITY', `A reseller may register at most ${MAX_WEBHOOKS} webhooks`);
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const row = await repo.insertWebhook(db, {
      channelId,
      event: body.event,
      url: url.href,
      secretSealed: this.deps.seal.seal(secret),
      retryOnError: body.retryOnError,
    });
    return { ...viewOf(row), secret };
  }

  async listOf(channelId: number): Promise<OctoWebhook[]> {
    return (await repo.webhooksOfChannel(this.deps.db, channelId)).map(viewOf);
  }

  /** Deletes a webhook of this reseller, in the caller's transaction; undefined when it has none of that id. */
  async removeOf(db: Database, channelId: number, id: string): Promise<OctoWebhook | undefined> {
    const row = UUID.test(id) ? await repo.deleteWebhook(db, channelId, id) : undefined;
    return row && viewOf(row);
  }

  /** Listens to the booking events a reseller is told of. */
  listen(events: BookingsService['events']): void {
    for (const name of Object.keys(TOLD) as BookingEventName[])
      if (TOLD[name]) events.on(name, (payload) => this.told(name, payload));
  }

  /**
   * One delivery job per webhook of the booking's reseller. The event is dispatched after its commit and runs
   * again if another listener fails, so each job's key (and its delivery id) is the hash of the webhook, the
   * event and the booking as sent: a replay adds nothing, a new change always does.
   */
  private async told<K extends BookingEventName>(name: K, payload: BookingEventMap[K]): Promise<void> {
    const { db } = this.deps;
    const sold = await this.octoBookingOf(db, payload.bookingId);
    if (!sold) return;
    const hooks = await repo.webhooksOfChannel(db, sold.channelId);
    if (!hooks.length) return;
    const runAt = this.deps.now();
    const jobs = hooks.map((hook) => {
      const webhook = viewOf(hook);
      const body = JSON.stringify({ event: webhook.event, webhook, booking: sold.booking });
      const deliveryId = createHash('sha256')
        .update(`${hook.id}\n${name}\n${JSON.stringify(payload)}\n${body}`)
        .digest('hex')
        .slice(0, 32);
      const job: DeliveryJob = { webhookId: hook.id, deliveryId, body };
      return { kind: WEBHOOK_JOB, payload: { ...job }, runAt, dedupeKey: `octo-webhook:${deliveryId}` };
    });
    const added = await enqueueJobs(db, jobs);
    this.deps.jobs.soon(
      added.map((j) => j.id),
      runAt,
    );
  }

  /**
   * One attempt of a delivery (the job runner's handler). A failure throws, so the runner tries again with its
   * backoff, up to its attempts; a webhook registered with `retryOnError: false` is tried once. A deleted
   * webhook's deliveries lapse.
   */
  async run(job: ClaimedJob): Promise<void> {
    const { webhookId, deliveryId, body } = deliveryJobSchema.parse(job.payload);
    const hook = await repo.webhookById(this.deps.db, webhookId);
    if (!hook) return;
    const secret = this.deps.seal.open(hook.secretSealed);
    if (!secret) throw new AppError('internal', 'The webhook secret does not open under this server’s secret');
    const sent = await deliver(hook.url, body, { secret, deliveryId }, this.deps.rules);
    if (sent.kind === 'delivered') return;
    // The webhook's id, never its URL or secret: what a log may hold.
    this.deps.log.info(
      { webhookId, deliveryId, attempt: job.attempts, problem: sent.problem },
      'webhook delivery failed',
    );
    if (hook.retryOnError)
      throw new AppError('unavailable', `webhook delivery failed: ${sent.problem} (${sent.detail})`);
  }
}
