import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { guardedRateLimitStore } from './guarded-rate-limit';

/**
 * Security headers with a CSP the SPA works under (no upgrade-insecure-requests, which breaks plain
 * HTTP off localhost), compression, and the rate limiter that routes opt into with `config.rateLimit`
 * (in memory, or in Redis behind its breaker: guarded-rate-limit.ts).
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  // The Crisp support widget (SUPPORT_WIDGET=crisp) needs its origins (docs.crisp.chat, "Crisp Domain Names").
  const crisp = app.ctx.config.support.provider === 'crisp';
  const extra = (...sources: string[]) => (crisp ? sources : []);
  // Stripe.js (PAYMENT_PROVIDER=stripe, decision 042): its script and the Elements and 3-D Secure frames
  // from js.stripe.com and hooks.stripe.com, its API calls to api.stripe.com
  // (docs.stripe.com/security/guide#content-security-policy).
  const stripe = app.ctx.config.payments.provider === 'stripe';
  const stripeSrc = (...sources: string[]) => (stripe ? sources : []);
  // S3_PUBLIC_URL (decision 087): /uploads/ redirects public images there, so pages load them from its origin.
  const storage = app.ctx.config.storage;
  const filesSrc = storage.kind === 's3' && storage.publicUrl ? [new URL(storage.publicUrl).origin] : [];
  const securityHeaders = headersOf({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...extra('https://client.crisp.chat'), ...stripeSrc('https://js.stripe.com')],
        // Radix and sonner set inline style attributes; the Swagger UI page needs inline styles too.
        styleSrc: ["'self'", "'unsafe-inline'", ...extra('https://client.crisp.chat')],
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...filesSrc,
          ...extra('https://client.crisp.chat', 'https://image.crisp.chat', 'https://storage.crisp.chat'),
        ],
        fontSrc: ["'self'", 'data:', ...extra('https://client.crisp.chat')],
        connectSrc: [
          "'self'",
          'ws:',
          'wss:',
          ...extra('https://client.crisp.chat', 'https://storage.crisp.chat'),
          ...stripeSrc('https://api.stripe.com'),
        ],
        ...(stripe && {
          frameSrc: ["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        }),
        ...(crisp && {
          workerSrc: ["'self'", 'blob:', 'https://client.crisp.chat'],
          mediaSrc: ["'self'", 'https://client.crisp.chat'],
        }),
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // HSTS only on a reply that went over HTTPS (below): sent over plain HTTP it means nothing, and a
    // browser that got it from a proxy-less test server would refuse that host's HTTP for a year.
    strictTransportSecurity: false,
  });
  // A route may still set its own (the PDF's and uploads' stricter CSP): its reply.header comes later.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  app.addHook('onSend', async (request, reply) => {
    // request.protocol is "https" for a TLS socket, or from X-Forwarded-Proto behind a trusted proxy.
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });
  await app.register(compress, { global: true, threshold: 1024 });
  // With REDIS_URL the counts are shared by every instance (a limit of 30 is 30, not 30 per instance);
  // while Redis fails, each instance counts on its own (guarded-rate-limit.ts, decision 101).
  const store = app.redis && app.redisGuard && guardedRateLimitStore(app.redis, app.redisGuard, 'rate-limit:');
  await app.register(rateLimit, { global: false, ...(store && { store }) });
}

/**
 * The headers helmet sets for these options, computed once at start. @fastify/helmet built helmet's
 * middleware again on every request (parsing the CSP each time): 4–5 % of a busy server's CPU in the
 * booking bench's profile, for headers that never change between requests.
 */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  // A response of no connection: helmet only sets and removes its headers, which it keeps.
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(options)(res.req, res, (error?: unknown) => {
    if (error) throw error;
  });
  for (const [name, value] of Object.entries(res.getHeaders())) if (value !== undefined) headers[name] = String(value);
  return headers;
}
