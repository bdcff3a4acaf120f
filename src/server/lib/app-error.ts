import { ERROR_STATUS, type ErrorCode, type FieldIssue } from '../../shared/errors';

/** The one error type services throw; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string = code,
    readonly fields?: FieldIssue[],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found`);
