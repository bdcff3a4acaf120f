import { z } from 'zod';
import { citySchema, serviceCategorySchema } from '../../../shared/schemas/catalog';
import type { AppInstance } from '../../lib/types';
import { listCities, listServiceCategories } from './catalog.repository';

export function catalogRoutes(app: AppInstance): void {
  app.get(
    '/api/v2/cities',
    {
      schema: {
        tags: ['catalog'],
        summary: 'The service cities',
        response: { 200: z.object({ data: z.array(citySchema) }) },
      },
    },
    async () => ({ data: await listCities(app.ctx.database.db) }),
  );
  app.get(
    '/api/v2/service-categories',
    {
      schema: {
        tags: ['catalog'],
        summary: 'Service categories with their subcategories',
        response: { 200: z.object({ data: z.array(serviceCategorySchema) }) },
      },
    },
    async () => ({ data: await listServiceCategories(app.ctx.database.db) }),
  );
}
