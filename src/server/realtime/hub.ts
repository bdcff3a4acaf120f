import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { RealtimeEvent } from '../../shared/realtime';

/**
 * What one instance tells every instance (itself included): deliver an event to some users' sockets,
 * or re-check the sessions behind a user's sockets (after logout or a password change).
 */
export type HubMessage = { to: number[]; event: RealtimeEvent } | { revalidate: number };

/** Fan-out between app instances (DESIGN §1): in-process by default, Redis pub/sub with REDIS_URL. */
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

/**
 * Redis pub/sub: one connection publishes, a dedicated one subscribes (a subscribed ioredis
 * connection can run no other command). Every instance, the publisher included, receives each
 * message from Redis and delivers it to its own sockets.
 */
export class RedisHub implements Hub {
  readonly kind = 'redis' as const;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly handlers: ((message: HubMessage) => void)[] = [];
  private subscribed: Promise<unknown>;

  constructor(
    url: string,
    onError: (err: unknown) => void,
    private readonly channel: string,
  ) {
    this.pub = new Redis(url, { maxRetriesPerRequest: 3 });
    this.sub = new Redis(url);
    this.pub.on('error', onError);
    this.sub.on('error', onError);
    this.sub.on('message', (_channel: string, raw: string) => {
      let message: HubMessage;
      try {
        message = JSON.parse(raw) as HubMessage;
      } catch (err) {
        onError(err);
        return;
      }
      for (const h of this.handlers) h(message);
    });
    this.subscribed = this.sub.subscribe(channel);
  }

  async publish(message: HubMessage): Promise<void> {
    await this.pub.publish(this.channel, JSON.stringify(message));
  }
  subscribe(handler: (message: HubMessage) => void): void {
    this.handlers.push(handler);
  }
  async ready(): Promise<void> {
    await this.subscribed;
  }
  async close(): Promise<void> {
    this.sub.disconnect();
    await this.pub.quit().catch(() => this.pub.disconnect());
  }
}
