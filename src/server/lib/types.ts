import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';

/** The Fastify instance every module registers on: zod-typed routes. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What the app is built from; tests pass their own. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
