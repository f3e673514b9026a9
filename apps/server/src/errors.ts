import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@ads/contracts';

interface AppErrorOptions {
  fields?: Record<string, string>;
  /** With IMAGE_DUPLICATE: the image that already holds the bytes. */
  existing?: ErrorBody['existing'];
  uses?: ErrorBody['uses'];
  headers?: Record<string, string>;
  retryAfterSeconds?: number;
  /** With UPLOAD_OFFSET_MISMATCH / UPLOAD_INCOMPLETE: the bytes the server holds. */
  received?: number;
}

/** A failure a caller should see: status, stable code and a human sentence. */
export class AppError extends Error {
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly retryAfterSeconds?: number;
  readonly existing?: ErrorBody['existing'];
  readonly received?: number;
  readonly uses?: ErrorBody['uses'];

  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode | (string & {}),
    message: string,
    options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.fields = options.fields;
    this.headers = options.headers;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.existing = options.existing;
    this.received = options.received;
    this.uses = options.uses;
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
