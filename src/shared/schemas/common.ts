import { z } from 'zod';

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** Seconds until trying again can succeed (also the Retry-After header): a throttle, a payment in flight. */
  retryAfter: z.number().int().positive().optional(),
  requestId: z.string().optional(),
});

/**
 * The 200 of a route that answers a file or a text document rather than JSON (a PDF, an image, a
 * calendar feed, robots.txt): its Content-Type header names the kind. Fastify sends strings,
 * buffers and streams as they are, so this schema documents the reply without touching it.
 */
export const fileReplySchema = z.unknown().meta({ type: 'string', format: 'binary' }).describe('The file itself (not JSON): its Content-Type header names the kind');

/** A positive integer id taken from a path segment. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);

/** A client's id for a message it sends: the same id from the same sender is one message (DESIGN §4). */
export const clientMessageIdSchema = z.string().trim().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/, 'letters, digits, - and _');
