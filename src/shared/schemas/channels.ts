import { z } from 'zod';
import { idParam } from './common';

/**
 * Resellers of the OCTO API (decision 201): an admin creates one, and its key is answered once, at
 * creation and at each rotation; the list shows only the key's first characters.
 */
export const createChannelBodySchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    commissionPercent: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(0)
      .describe('What the reseller keeps of the retail price, in percent: its net price is retail less this'),
  })
  .strict();
export type CreateChannelBody = z.infer<typeof createChannelBodySchema>;

export const channelIdParamsSchema = z.object({ id: idParam });

export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  commissionPercent: z.number().int(),
  keyPrefix: z.string().describe("The key's first characters, to tell keys apart; the key itself is never shown again"),
  createdAt: z.string(),
  keyRotatedAt: z.string().nullable(),
  revokedAt: z.string().nullable().describe('Set when the key was revoked: it stopped working at once'),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelWithKeySchema = channelSchema.extend({
  apiKey: z
    .string()
    .describe('The key, shown this once: the reseller sends it as `Authorization: Bearer <apiKey>` to /api/octo'),
});
export type ChannelWithKey = z.infer<typeof channelWithKeySchema>;

export const channelListSchema = z.object({ channels: z.array(channelSchema) });
export type ChannelList = z.infer<typeof channelListSchema>;
