/**
 * A guide's responsiveness (decision 077): how many of the requests travelers sent
 * in the last 30 days got a first answer within 24 hours, and the typical (median) time to that
 * answer. A request is a conversation a traveler opened, or a tour request; its answer is the guide's
 * next message, or for a tour request its acceptance or refusal, whichever came first.
 */

/** The window the figures look back over. */
export const RESPONSIVENESS_WINDOW_DAYS = 30;
/** An answer within this long counts towards the response rate. */
export const RESPONSE_DEADLINE_HOURS = 24;
/** With fewer counted requests than this in the window the guide is shown as new. */
export const RESPONSIVENESS_MIN_REQUESTS = 3;

export interface Responsiveness {
  /** Whole percent of counted requests answered within 24 h (rounded down); null while new. */
  rate: number | null;
  /** Median minutes to the first answer (answered requests only); null while new or never answered. */
  typicalMinutes: number | null;
  /** Too few requests in the window to show figures. */
  isNew: boolean;
}

export const NEW_RESPONSIVENESS: Responsiveness = Object.freeze({ rate: null, typicalMinutes: null, isNew: true });

/**
 * The figures from counts over the window. `requests` counts only requests that are answered or
 * whose 24 hours have passed: one still open and younger than that can still be answered in time.
 */
export function toResponsiveness(counts: {
  requests: number;
  answeredInTime: number;
  medianMinutes: number | null;
}): Responsiveness {
  if (counts.requests < RESPONSIVENESS_MIN_REQUESTS) return NEW_RESPONSIVENESS;
  return {
    rate: Math.floor((counts.answeredInTime * 100) / counts.requests),
    typicalMinutes: counts.medianMinutes === null ? null : Math.max(1, Math.ceil(counts.medianMinutes)),
    isNew: false,
  };
}

/** How the typical time reads: within an hour, a few hours, a day, or a few days or more (Airbnb's bands). */
export type ResponseTimeBand = 'hour' | 'hours' | 'day' | 'days';

export function responseTimeBand(minutes: number): ResponseTimeBand {
  if (minutes <= 60) return 'hour';
  if (minutes <= 6 * 60) return 'hours';
  if (minutes <= 24 * 60) return 'day';
  return 'days';
}
