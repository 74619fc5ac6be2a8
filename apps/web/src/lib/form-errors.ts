import type { z } from 'zod';
import { contractText } from '@/i18n/contract-text';
import { isApiError, serverMessageOr } from './api-client';

/**
 * Field messages of a zod failure: the first per field, as the API's `details` has them, in
 * the interface's language.
 */
export function zodFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || 'form';
    out[key] ??= contractText(issue.message);
  }
  return out;
}

/** The API's per-field messages of a failed save (400 / 409 `details`). */
export function apiFieldErrors(error: unknown): Record<string, string> {
  return isApiError(error) && error.details ? error.details : {};
}

/** The messages of `errors` that belong to one of the form's `fields`. */
export function pickFieldErrors<F extends string>(
  errors: Record<string, string>,
  fields: readonly F[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const field of fields) if (errors[field] !== undefined) out[field] = errors[field];
  return out;
}

/** The API's message for the first of `fields` it names (a one-field form: a code, a password). */
export function apiFieldError(error: unknown, ...fields: string[]): string | undefined {
  const details = apiFieldErrors(error);
  for (const field of fields) if (details[field] !== undefined) return details[field];
  return undefined;
}

/**
 * The message above a form after a failed save that no field explains: the server's, else
 * `fallback`; null while the save has not failed or its fields show why.
 */
export function formAlertMessage(
  mutation: { isError: boolean; error: unknown },
  fallback: string,
): string | null {
  return mutation.isError && Object.keys(apiFieldErrors(mutation.error)).length === 0
    ? serverMessageOr(mutation.error, fallback)
    : null;
}
