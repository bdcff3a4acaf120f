import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '../../shared/errors';

/** The one error type services throw; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds after which trying again can succeed: the Retry-After header and `retryAfter` in the body. */
  retryAfter?: number;
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly fields?: FieldIssue[],
    opts: { retryAfter?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.retryAfter = opts.retryAfter;
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
