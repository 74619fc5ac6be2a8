import { dictionary } from '@zxcvbn-ts/language-common';
import { authLimits, authMessages, errorCodes } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';

/**
 * The common-password list (ADR 150): zxcvbn-ts's list of the most used passwords from public
 * breach corpora (~49,000; the ~18,000 of at least 8 characters can matter), kept as a Set of
 * lower-cased entries, about 1 MB. Built on first use.
 */
let common: Set<string> | null = null;
const commonPasswords = () =>
  (common ??= new Set(
    (dictionary['passwords-common'] as string[])
      .filter((p) => p.length >= authLimits.passwordMin)
      .map((p) => p.toLowerCase()),
  ));

export const isCommonPassword = (password: string): boolean =>
  commonPasswords().has(password.toLowerCase());

/**
 * Refuses a new password on the list with 400 and the reason on its field (registration's
 * `password`, change password's `newPassword`, reset's `password`). Length is the contract's.
 */
export function assertNewPasswordAllowed(password: string, field: string): void {
  if (isCommonPassword(password))
    throw new AppError(400, errorCodes.validation, authMessages.passwordTooCommon, {
      [field]: authMessages.passwordTooCommon,
    });
}
