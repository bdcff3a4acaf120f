import { z } from 'zod';
import {
  adminBookingDetailSchema,
  adminBookingListSchema,
  adminBookingQuerySchema,
  adminUserDetailSchema,
  adminUserListSchema,
  adminUserQuerySchema,
  failedJobListSchema,
  failedJobQuerySchema,
  suspendBodySchema,
} from '../../../shared/schemas/admin';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import type { AppInstance } from '../../lib/types';
import { currentUser } from '../auth/index';
import type { AdminUsersService } from './admin-users.service';

const security = [{ bearerAuth: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const params = z.object({ id: idParam });

export function adminUsersRoutes(app: AppInstance, service: AdminUsersService): void {
  accountRoutes(app, service);
  bookingLookupRoutes(app, service);
  failedJobRoutes(app, service);
}

/** Finding a user, reading one, and suspending or reinstating their account. */
function accountRoutes(app: AppInstance, service: AdminUsersService): void {
  const admin = { onRequest: app.requireAdmin };
  app.get(
    '/api/admin/users',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: find users by part of the username, e-mail or name (newest first)',
        security,
        querystring: adminUserQuerySchema,
        response: { 200: adminUserListSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );
  app.get(
    '/api/admin/users/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: one user with their guide listing and latest 50 bookings',
        security,
        params,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => service.get(request.params.id),
  );
  app.post(
    '/api/admin/users/:id/suspend',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary:
          'Admin: suspend an account with a reason: it cannot log in, its sessions end at once and a listed guide leaves search',
        security,
        params,
        body: suspendBodySchema,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => service.suspend(currentUser(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/admin/users/:id/reinstate',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: reinstate a suspended account (and its listing)',
        security,
        params,
        response: { 200: adminUserDetailSchema, ...errors },
      },
    },
    async (request) => service.reinstate(currentUser(request), request.params.id),
  );
}

/** Finding a booking by its number, and one booking with its timeline and ledger. */
function bookingLookupRoutes(app: AppInstance, service: AdminUsersService): void {
  const admin = { onRequest: app.requireAdmin };
  app.get(
    '/api/admin/bookings',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: find bookings by number (TG0042)',
        security,
        querystring: adminBookingQuerySchema,
        response: { 200: adminBookingListSchema, ...errors },
      },
    },
    async (request) => service.findBookings(request.query.number),
  );
  app.get(
    '/api/admin/bookings/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: a booking with its timeline and ledger',
        security,
        params,
        response: { 200: adminBookingDetailSchema, ...errors },
      },
    },
    async (request) => service.booking(request.params.id),
  );
}

/** The scheduled jobs that failed for good, and queuing one again. */
function failedJobRoutes(app: AppInstance, service: AdminUsersService): void {
  const admin = { onRequest: app.requireAdmin };
  app.get(
    '/api/admin/jobs/failed',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: scheduled jobs that failed for good after their retries (dead letters), newest first',
        security,
        querystring: failedJobQuerySchema,
        response: { 200: failedJobListSchema, ...errors },
      },
    },
    async (request) => service.failedJobs(request.query),
  );
  app.post(
    '/api/admin/jobs/:id/retry',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Admin: queue a failed job again for a new round of attempts',
        security,
        params,
        response: { 200: z.object({ id: z.number().int(), status: z.literal('queued') }), ...errors },
      },
    },
    async (request) => service.retryJob(currentUser(request), request.params.id),
  );
}
