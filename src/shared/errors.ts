/**
 * Stable error codes: the API contract for failures. Every non-2xx reply has the body
 * `{ code, message, fields?, retryAfter?, requestId? }`; clients branch on `code` and localize it themselves.
 * `TOKEN_EXPIRED` is upper case because docs/rules/accounts-and-sessions.md names it so.
 */
export const ERROR_STATUS = {
  validation_failed: 400,
  bad_request: 400,
  unsupported_media_type: 415,
  unauthorized: 401,
  TOKEN_EXPIRED: 401,
  invalid_credentials: 401,
  account_suspended: 403,
  forbidden: 403,
  /**
   * A new way in (phone, WeChat, e-mail, password) needs a proof given on this session within 10 minutes
   * (decision 183).
   */
  reauth_required: 403,
  not_found: 404,
  // The OCTO API's own errors (decision 201), answered under /api/octo as OCTO's `{ error, errorMessage }`; the
  // id an INVALID_…_ID names travels as the one field, which the OCTO reply puts beside the message
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  // Webhooks (decision 203), in OCTO's manner: a webhook that is not the caller's (field webhookId); a URL we will
  // not call (field url, with why: not_a_url, credentials, not_https, private_address, unresolvable)
  INVALID_WEBHOOK_ID: 400,
  INVALID_WEBHOOK_URL: 400,
  conflict: 409,
  username_taken: 409,
  email_taken: 409,
  wrong_password: 400,
  invalid_reset_token: 400,
  // Sign-in by phone (decision 147): a number that is no mobile number, or of a country not served; a wrong
  // code, or one that is spent (its sixth try, its 5 minutes, or used); a number another account holds;
  // too many codes (Retry-After says when to ask again)
  invalid_phone: 400,
  unsupported_country: 400,
  invalid_code: 400,
  code_expired: 400,
  phone_taken: 409,
  retry_later: 429,
  // A consent to a version of a legal document that is not the current one (decision 124)
  consent_version_not_current: 400,
  // Identity documents and selfies without the current sensitive-data consent (decision 131); fields name the kind
  consent_required: 403,
  invalid_file_type: 400,
  payload_too_large: 413,
  uri_too_long: 414,
  headers_too_large: 431,
  rate_limited: 429,
  // Bookings and payments
  slot_unavailable: 409,
  // A day of a booking of several days that the guide's hours do not offer (decision 154); fields name each day
  day_unavailable: 409,
  // A time sooner than the guide's minimum notice (fields name the earliest start), or inside the free time
  // the guide keeps around another tour (decision 153)
  too_short_notice: 409,
  buffer_conflict: 409,
  own_listing: 409,
  // A traveler's active bookings may not overlap (the error names the other booking)
  traveler_busy: 409,
  invalid_transition: 409,
  already_paid: 409,
  payment_in_progress: 409,
  // A wallet's approval link whose attempt a newer attempt cancelled: nothing was charged (decision 100)
  payment_canceled: 409,
  idempotency_key_reused: 409,
  group_size_out_of_range: 400,
  duration_out_of_range: 400,
  service_not_offered: 400,
  // An extra ticked at the checkout that the guide does not declare as not included with a price (decision 178); fields
  // name it
  extra_not_offered: 400,
  // The plan for each day of a completed, cancelled or disputed booking (decision 178): nothing is left to plan
  booking_closed: 409,
  payment_failed: 402,
  invalid_signature: 400,
  // On tour: start, extensions, completion
  extension_limit_reached: 409,
  extension_not_paid: 409,
  too_early: 409,
  // Several days (decision 155): an extension would reach the next day's start; completing before the
  // last day has started. (`no_show_later_day`, a no-show report after the first day, is gone: decision 158.)
  extension_into_next_day: 409,
  tour_not_over: 409,
  // Rescheduling (decision 079)
  reschedule_open: 409,
  // Changing a booked trip (decision 177): another change is open; the trip asked is the trip booked;
  // the booking cannot change now (unpaid, started or ended); the change to answer is not open
  change_open: 409,
  change_unchanged: 400,
  change_not_allowed: 409,
  change_not_open: 409,
  // A replacement guide (decision 137): the choice is no longer open, or the chosen guide can no longer take the tour
  replacement_closed: 409,
  replacement_unavailable: 409,
  // After the guide's no-show, nobody else is free later that day (decision 140), or it is a later day of several days
  // (decision 158)
  no_replacement_today: 409,
  reschedule_closed: 409,
  same_time: 400,
  // Messaging
  credits_exhausted: 403,
  tour_request_closed: 409,
  // Wallet: a payout above the withdrawable balance
  insufficient_balance: 409,
  // Statements: a month's invoice is issued once the month is over (decision 127)
  month_not_closed: 409,
  // Bank payouts and transfer batches (decisions 128, 129)
  unknown_bank: 400,
  unknown_branch: 400,
  invalid_kana_name: 400,
  not_business_day: 409,
  nothing_to_batch: 409,
  in_payout_batch: 409,
  not_a_bank_batch: 409,
  // A bank batch's line without its yen amount: the Zengin file is refused rather than transfer 0 yen (decision 128)
  payout_line_without_yen: 409,
  // A bank batch the weekly job formed, before and after the admin's rate (decision 130)
  rate_not_set: 409,
  rate_already_set: 409,
  // A bank batch holding a yuan payout is converted at a rate; one of yen payouts alone needs none (decision 169)
  rate_required: 400,
  // The exchange rate comes from the ECB's feed (FX_PROVIDER=ecb): an admin's fixed rate would not be used
  // (decision 165)
  rate_from_feed: 409,
  // Guide business: availability, rates, calendar feed
  not_a_guide: 403,
  overlapping_hours: 400,
  duplicate_date: 400,
  invalid_range: 400,
  unknown_service: 400,
  // Group pricing (decision 151)
  duplicate_extra: 400,
  overtime_price_required: 400,
  // Guide profile and itineraries (decision 070)
  invalid_postal_code: 400,
  text_required: 400,
  // A public text (bio, itinerary, review, reply) with a phone, e-mail, messenger id, link or account
  // number: refused by the chat's rules before a booking (decision 181)
  contact_details_not_allowed: 400,
  // A public picture (avatar, background, review photo) holding a QR code (decision 205)
  qr_code_not_allowed: 400,
  // Guide applications
  application_incomplete: 400,
  declaration_required: 400,
  age_below_minimum: 400,
  too_many_files: 409,
  // Offers (decision 078)
  offer_closed: 409,
  price_below_floor: 400,
  price_above_ceiling: 400,
  // A total (quote, checkout, offer, extension, trip change) past its currency's bound, which keeps every
  // stored amount far inside its integer column (decision 182, currency.ts MAX_TOTAL)
  total_too_large: 400,
  // A tour's day before today or past the booking horizon, however the booking is made (decision 106)
  date_out_of_range: 400,
  // Licensed guides, lawful transport (decision 092)
  protected_title: 400,
  licence_required: 409,
  // A traveler's open report of unsafe driving: no driving until it is resolved (decision 135)
  driving_suspended: 409,
  // Urgent help is for the caller's own trip on its day (decision 132)
  not_on_trip: 409,
  // WeChat login (decision 148): not configured; a state not this browser's, used or expired; WeChat refused the
  // code (used, expired, unknown); a pending sign-up expired; WeChat unreachable or refusing the app itself
  wechat_disabled: 404,
  invalid_state: 400,
  wechat_code_invalid: 400,
  wechat_signup_expired: 400,
  wechat_unavailable: 502,
  // This WeChat is linked to another account, or this account has another WeChat linked
  wechat_taken: 409,
  wechat_already_linked: 409,
  // Unlinking would leave the account no way in (decision 148)
  last_sign_in_method: 409,
  // Deleting an account (decision 185): it was given no proof it can have (a password, a code to its
  // phone or a fresh WeChat sign-in); a password for an account without one; a code for one with no verified phone
  deletion_proof_required: 400,
  password_not_set: 400,
  no_verified_phone: 409,
  // A guide's other calendars (decision 200): an address that may not be read (fields: url, with the problem:
  // address_refused, own_export); a first read that failed (fields: url, with the problem); a sixth calendar;
  // an address she already added
  calendar_address_refused: 400,
  calendar_unreadable: 422,
  calendar_limit: 409,
  calendar_exists: 409,
  internal: 500,
  unavailable: 503,
  // The file store (S3) hangs or refuses: nothing was stored, try again after Retry-After (decision 101)
  storage_unavailable: 503,
  // Never sent by the app: nginx's own reply under /api/ when no instance answered (deploy/nginx.conf,
  // decision 098), with nginx's status: 502, or 504 when an instance took too long.
  upstream_unavailable: 502,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface FieldIssue {
  path: string;
  message: string;
}

export interface ErrorBody {
  code: ErrorCode;
  message: string;
  fields?: FieldIssue[];
  /** Seconds until trying again can succeed (also the Retry-After header). */
  retryAfter?: number;
  requestId?: string;
}

export function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && typeof (value as ErrorBody).code === 'string';
}
