import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import {
  recordedWarningListSchema,
  recordedWarningSchema,
  recordWarningBodySchema,
} from '../../../shared/schemas/weather';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { WeatherService } from './weather.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The admin console's weather warnings (decision 093): list, record by hand, lift; every change audited. */
export function weatherRoutes(app: AppInstance, service: WeatherService, now: () => Date): void {
  const admin = { onRequest: app.requireAdmin };
  app.get(
    '/api/admin/weather-warnings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: the warnings recorded by hand, newest first',
        security,
        response: { 200: recordedWarningListSchema, ...errors },
      },
    },
    async () => service.list(),
  );
  app.post(
    '/api/admin/weather-warnings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: record a JMA warning or special warning for a city by hand (audited); the city’s tours whose 18:00-the-day-before check has come are checked again at once',
        security,
        body: recordWarningBodySchema,
        response: { 201: recordedWarningSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.record(currentUser(request), request.body, now())),
  );
  app.post(
    '/api/admin/weather-warnings/:id/lift',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: lift a warning recorded by hand (audited; 404 when it is not in force); the city’s tours are checked again',
        security,
        params: z.object({ id: idParam }),
        response: { 200: recordedWarningSchema, ...errors },
      },
    },
    async (request) => service.lift(currentUser(request), request.params.id, now()),
  );
}
