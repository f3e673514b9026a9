import { ERROR_CODES, type DetailedErrorCode, type ErrorCode, type ErrorDetails } from '@ads/contracts';

interface AppErrorOptions<C> {
  fields?: Record<string, string>;
  headers?: Record<string, string>;
  /** The extra fields the code declares in contracts' ERROR_DETAILS, sent at the top of the body. */
  details?: C extends DetailedErrorCode ? ErrorDetails<C> : never;
}

/** A failure a caller should see: status, stable code and a human sentence. */
export class AppError<C extends ErrorCode | (string & {}) = ErrorCode | (string & {})> extends Error {
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly details?: Record<string, unknown>;

  constructor(
    readonly statusCode: number,
    readonly errorCode: C,
    message: string,
    options: AppErrorOptions<C> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.fields = options.fields;
    this.headers = options.headers;
    this.details = options.details;
  }
}

export const notFound = (what = 'The requested item'): AppError =>
  new AppError(404, ERROR_CODES.notFound, `${what} was not found.`);
export const forbidden = (): AppError =>
  new AppError(403, ERROR_CODES.forbidden, 'You do not have permission to do this.');
export const unauthorized = (message = 'Your session has ended. Please sign in again.'): AppError =>
  new AppError(401, ERROR_CODES.unauthorized, message);
export const conflict = (message: string, fields?: Record<string, string>): AppError =>
  new AppError(409, ERROR_CODES.conflict, message, { fields });
