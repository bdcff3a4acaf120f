import { z } from 'zod';

export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  requestId: z.string().optional(),
});

/** A positive integer id taken from a path segment. */
export const idParam = z.coerce.number().int().positive().max(2_147_483_647);
