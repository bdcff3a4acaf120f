import { z } from 'zod';
import { displayName } from '../display-text';

/**
 * A stop at a shop during the tour, declared with an offer or an itinerary so the traveler sees it before paying
 * (decision 135): the shop's name, how long, and whether the shop pays the guide for bringing them.
 */
export const shopStopSchema = z.object({
  name: displayName(80),
  minutes: z.number().int().min(5).max(240),
  paidByShop: z.boolean(),
});
export type ShopStop = z.infer<typeof shopStopSchema>;
export const MAX_SHOP_STOPS = 5;
export const shopStopsSchema = z.array(shopStopSchema).max(MAX_SHOP_STOPS);
