import { errorCodes } from '@series-tracker/contracts';

/**
 * An expected failure a client can act on. Services throw these; the error plugin turns them
 * into `{ error, code, details? }` with the status given here.
 */
export class AppError extends Error {
  /** Response headers the answer carries (Retry-After, Trakt's X-Ratelimit, ...). */
  headers?: Record<string, string>;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Not found') => new AppError(404, errorCodes.notFound, what);
export const unauthorized = (message: string) =>
  new AppError(401, errorCodes.unauthorized, message);
export const forbidden = (message = 'You are not allowed to do that') =>
  new AppError(403, errorCodes.forbidden, message);
export const conflict = (code: string, message: string, details?: Record<string, string>) =>
  new AppError(409, code, message, details);
