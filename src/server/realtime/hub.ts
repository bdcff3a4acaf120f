import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { RealtimeEvent } from '../../shared/realtime';
import { RedisGuard } from '../lib/redis-guard';
import { closeRedis, REDIS_COMMAND_OPTIONS, reportConnectionErrors } from '../plugins/redis';

/** How long an instance's start waits for its real-time subscription when Redis does not answer. */
const READY_WAIT_MS = 3_000;

/**
 * What one instance tells every instance (itself included): deliver an event to some users' sockets,
 * or re-check the sessions behind a user's sockets (after logout or a password change).
 */
export type HubMessage = { to: number[]; event: RealtimeEvent } | { revalidate: number };

/** Fan-out between app instances: in-process by default, Redis pub/sub with REDIS_URL. */
export interface Hub {
  readonly kind: 'memory' | 'redis';
  publish(message: HubMessage): Promise<void>;
  subscribe(handler: (message: HubMessage) => void): void;
  ready(): Promise<void>;
  close(): Promise<void>;
}

export class MemoryHub implements Hub {
  readonly kind = 'memory' as const;
  private readonly emitter = new EventEmitter();
  async publish(message: HubMessage): Promise<void> {
    this.emitter.emit('message', message);
  }
  subscribe(handler: (message: HubMessage) => void): void {
    this.emitter.on('message', handler);
  }
  async ready(): Promise<void> {}
  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * The deployment's channel: under REDIS_KEY_PREFIX like its keys ("tabi:realtime" by default). Pub/sub
 * channels are not keys, so ioredis's keyPrefix does not reach them: without this, two deployments on
 * one Redis (staging and production) would deliver each other's events to their users of the same id.
 */
export const realtimeChannel = (keyPrefix: string) => `${keyPrefix}realtime`;

/** On the wire: the message, and which hub sent it (so that hub does not deliver it twice). */
type WireMessage = HubMessage & { origin?: string };

/**
 * Redis pub/sub: one connection publishes, a dedicated one subscribes (a subscribed ioredis
 * connection can run no other command). The publisher delivers each message to its own sockets at
 * once and the others receive it from Redis, so people on one instance keep talking when Redis hangs
 * or refuses (decision 101). Publishing goes through the instance's Redis breaker: while it is open
 * the message reaches this instance only, and once Redis answers again (the subscriber reconnects
 * and subscribes again by itself) messages cross instances again.
 */
export class RedisHub implements Hub {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers: ((message: HubMessage) => void)[] = [];
  private readonly origin = randomUUID();
  private readonly ownPrefix = `{"origin":${JSON.stringify(this.origin)},`;
  private subscribed: Promise<unknown>;

  constructor(
    url: string,
    onError: (err: unknown) => void,
    private readonly channel: string,
    private readonly guard: RedisGuard = new RedisGuard({ onDown: onError, onUp: () => {} }),
  ) {
    this.pub = new Redis(url, REDIS_COMMAND_OPTIONS);
    // The subscription waits for Redis however long it takes (it is no request's answer).
    this.sub = new Redis(url, { maxRetriesPerRequest: null });
    reportConnectionErrors(this.pub, onError);
    reportConnectionErrors(this.sub, onError);
    this.sub.on('message', (_channel: string, raw: string) => {
      // Redis hands this instance its own messages back (`publish` writes them with this prefix); they
      // were delivered here when published.
      if (raw.startsWith(this.ownPrefix)) return;
      let wire: WireMessage;
      try {
        wire = JSON.parse(raw) as WireMessage;
      } catch (err) {
        onError(err);
        return;
      }
      const { origin: _origin, ...message } = wire;
      this.deliver(message as HubMessage);
    });
    this.subscribed = this.sub.subscribe(channel).catch(onError);
  }

  private deliver(message: HubMessage): void {
    for (const h of this.handlers) h(message);
  }

  async publish(message: HubMessage): Promise<void> {
    this.deliver(message);
    // The origin first, so that the sender can recognize its own message without parsing it.
    const wire: WireMessage = { origin: this.origin, ...message };
    await this.guard.run(
      () => this.pub.publish(this.channel, JSON.stringify(wire)),
      () => 0,
    );
  }
  subscribe(handler: (message: HubMessage) => void): void {
    this.handlers.push(handler);
  }
  /** Subscribed, or (Redis away at start) a few seconds spent waiting: the instance starts either way. */
  async ready(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.subscribed, new Promise((resolve) => (timer = setTimeout(resolve, READY_WAIT_MS)))]);
    clearTimeout(timer);
  }
  async close(): Promise<void> {
    this.sub.disconnect();
    await closeRedis(this.pub);
  }
}
