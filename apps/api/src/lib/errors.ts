import { errorCodes } from '@series-tracker/contracts';
import { english } from './i18n/localize';
import { msg, type DetailText, type Text } from './i18n/text';

/**
 * An expected failure a client can act on. Services throw these; the error plugin turns them
 * into `{ error, code, details? }` with the status given here, the words in the request's
 * language (ADR 186). `message` and `details` are the English, for logs and stored records;
 * `text` and `detailTexts` the messages the plugin translates.
 */
export class AppError extends Error {
  /** Response headers the answer carries (Retry-After, Trakt's X-Ratelimit, ...). */
  headers?: Record<string, string>;
  readonly details?: Record<string, string>;
  constructor(
    readonly statusCode: number,
    readonly code: string,
    readonly text: DetailText,
    readonly detailTexts?: Record<string, DetailText>,
  ) {
    super(english(text));
    this.name = 'AppError';
    if (detailTexts)
      this.details = Object.fromEntries(
        Object.entries(detailTexts).map(([field, value]) => [field, english(value)]),
      );
  }
}

export const notFound = (what: Text = msg('errors.notFound')) =>
  new AppError(404, errorCodes.notFound, what);
export const unauthorized = (message: Text) => new AppError(401, errorCodes.unauthorized, message);
export const forbidden = (message: Text = msg('errors.forbidden')) =>
  new AppError(403, errorCodes.forbidden, message);
export const conflict = (code: string, message: Text, details?: Record<string, DetailText>) =>
  new AppError(409, code, message, details);
