import { z } from 'zod';
import { LOCALES } from '../locales';
import { displayName } from '../display-text';
import { signupConsentListSchema } from './legal';

/**
 * Sign-in by phone (decision 147). The number is checked on the server (a mobile number of a country
 * served, in E.164); here only its shape, so a typo in the country code is the server's clear 400.
 */
export const PHONE_CODE_LENGTH = 6;
/** How long a code is good for, and how long the resend button waits: the server's rules, shown by the web app. */
export const PHONE_CODE_TTL_SECONDS = 300;
export const PHONE_RESEND_SECONDS = 60;

/** The countries served when SMS_COUNTRIES is not set, in the order the web app's picker lists them. */
export const DEFAULT_SMS_COUNTRIES = [
  'CN',
  'HK',
  'MO',
  'TW',
  'JP',
  'KR',
  'SG',
  'MY',
  'TH',
  'US',
  'CA',
  'GB',
  'AU',
] as const;

/** The calling codes of the countries the picker offers (those of DEFAULT_SMS_COUNTRIES). */
export const SMS_COUNTRY_CALLING_CODES: Readonly<Record<(typeof DEFAULT_SMS_COUNTRIES)[number], string>> = {
  CN: '86',
  HK: '852',
  MO: '853',
  TW: '886',
  JP: '81',
  KR: '82',
  SG: '65',
  MY: '60',
  TH: '66',
  US: '1',
  CA: '1',
  GB: '44',
  AU: '61',
};
export type SmsCountry = (typeof DEFAULT_SMS_COUNTRIES)[number];

const phoneSchema = z.string().trim().min(1).max(32);
const codeSchema = z.string().trim().max(16);

export const phoneStartBodySchema = z.object({ phone: phoneSchema });
export const phoneStartReplySchema = z.object({
  /** Seconds the code stays good, and seconds before another may be asked for. */
  expiresInSeconds: z.number().int(),
  resendAfterSeconds: z.number().int(),
});

export const phoneVerifyBodySchema = z.object({
  phone: phoneSchema,
  code: codeSchema,
  /**
   * Needed when the number has no account yet: the documents the sign-up screen showed and the user accepted
   * (decision 124).
   */
  consents: signupConsentListSchema.optional(),
  /** Needed with them: the name other people will see (a generated username is never shown to them). */
  fullName: displayName(100).optional(),
  locale: z.enum(LOCALES).optional(),
});

export const mePhoneVerifyBodySchema = z.object({ phone: phoneSchema, code: codeSchema });
