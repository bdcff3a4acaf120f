import * as published from '@octocloud/types';
import { expect } from 'vitest';
import type { OctoAvailability, OctoCalendarDay, OctoProduct, OctoSupplier } from '../../../shared/schemas/octo';
import type { OctoBooking } from '../../../shared/schemas/octo-bookings';
import { AppError } from '../../lib/app-error';
import type { TestApp } from '../../test/test-app';
import type { GuideSpec } from '../../test/guide-fixtures';
import { callAs, guidePerson, YEN_RATES, type Person } from '../bookings/test-helpers';

/** A reseller made by the admin, with its key. */
export async function reseller(t: TestApp, admin: Person, name: string, commissionPercent = 0) {
  const res = await callAs(t, 'POST', '/api/admin/channels', admin, { name, commissionPercent });
  if (res.statusCode !== 201) throw new AppError('internal', `channel failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: number; apiKey: string };
}

/** A guide in yen who switched selling through resellers on in her settings, as she would. */
export async function resellingGuide(t: TestApp, spec: GuideSpec = {}, rates: Record<string, unknown> = {}) {
  const guide = await guidePerson(t, spec);
  const res = await callAs(t, 'PUT', '/api/v2/guides/me/rates', guide, {
    ...YEN_RATES,
    instantBook: spec.instantBook ?? false,
    minNoticeHours: spec.minNoticeHours ?? 24,
    sellsThroughResellers: true,
    ...rates,
  });
  if (res.statusCode !== 200) throw new AppError('internal', `rates failed: ${res.statusCode} ${res.body}`);
  return guide;
}

type Octo = {
  method?: 'GET' | 'POST' | 'PATCH';
  body?: unknown;
  key?: string | null;
  headers?: Record<string, string>;
};

/** A call to the OCTO API as a reseller makes it. */
export function octo(t: TestApp, path: string, { method = 'GET', body, key, headers = {} }: Octo = {}) {
  return t.app.inject({
    method,
    url: `/api/octo${path}`,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

type OctoError = { error: string; errorMessage: string } & Partial<Record<string, string>>;

/** What each published schema the tests check describes, in our own types (`src/shared/schemas/octo.ts`). */
interface Replies {
  zSupplier: OctoSupplier;
  zProduct: OctoProduct;
  zAvailabilityCalendar: OctoCalendarDay;
  zAvailability: OctoAvailability;
  zErrorUnauthorized: OctoError;
  zErrorBadRequest: OctoError;
  zErrorUnprocessableEntity: OctoError;
  zErrorInvalidProductId: OctoError;
  zErrorInvalidOptionId: OctoError;
  zErrorInvalidUnitId: OctoError;
  zErrorInvalidAvailabilityId: OctoError;
  zErrorInvalidBookingUuid: OctoError;
  zBooking: OctoBooking;
}

/**
 * A published schema as the tests use it: only its check. Its own inferred types are left unread, as
 * inferring them for every call made the type check run out of memory.
 */
type Check = { safeParse(value: unknown): { success: boolean; error?: { issues: unknown[] } } };
const schemas = published as unknown as Record<keyof Replies, Check>;

/** The reply checked by the published schema (@octocloud/types) of that name: fails the test when it does not pass. */
export function octoValid<K extends keyof Replies>(schema: K, reply: unknown): Replies[K] {
  const parsed = schemas[schema].safeParse(reply);
  expect(parsed.success ? null : parsed.error?.issues).toBeNull();
  return reply as Replies[K];
}
