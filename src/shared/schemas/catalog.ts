import { z } from 'zod';

export const citySchema = z.object({
  slug: z.string(),
  nameEn: z.string(),
  nameCn: z.string(),
  timeZone: z.string(),
});

export const subcategorySchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameCn: z.string(),
  nameJa: z.string(),
});
export const serviceCategorySchema = z.object({
  id: z.number().int(),
  nameEn: z.string(),
  nameCn: z.string(),
  nameJa: z.string(),
  subcategories: z.array(subcategorySchema),
});
export type ServiceCategory = z.infer<typeof serviceCategorySchema>;
