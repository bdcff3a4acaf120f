import type { FastifyRequest } from 'fastify';
import { readerTextLanguage } from '../../lib/request-language';
import type { ChannelRow } from './channels.repository';
import { keyHashOf } from './channels.service';
import type { OctoAsk } from './octo-products';

/** The reseller each OCTO request was made with, set by the key check before the route runs. */
export const callers = new WeakMap<FastifyRequest, ChannelRow>();
export const callerOf = (request: FastifyRequest): ChannelRow => callers.get(request)!;

/** What the reseller asked for in its headers: capabilities and the language of the content. */
export function askOf(request: FastifyRequest): OctoAsk {
  const capabilities = String(request.headers['octo-capabilities'] ?? '')
    .split(',')
    .map((c) => c.trim());
  return {
    pricing: capabilities.includes('octo/pricing'),
    content: capabilities.includes('octo/content'),
    reader: readerTextLanguage(request),
  };
}

export const BEARER = /^Bearer ([A-Za-z0-9_-]{1,200})$/;
export const tags = ['octo'];
export const security = [{ octoKey: [] }];
/** Each key's requests a minute, counted per key across instances (Redis with REDIS_URL, decision 101). */
export const OCTO_REQUESTS_PER_MINUTE = 120;
export const config = {
  rateLimit: {
    max: OCTO_REQUESTS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `octo:${keyHashOf(String(request.headers.authorization ?? ''))}`,
  },
};
