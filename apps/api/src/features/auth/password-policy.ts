import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { authLimits, authMessages, errorCodes } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';
import type { Text } from '../../lib/i18n/text';

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
 * zxcvbn-ts's strength estimate (review of 2026-11-26): the guesses an attacker who knows the
 * usual patterns (repeats, runs, keyboard rows, dates, l33t, common words, the member's own
 * name and address) would need. Scores: 0 under 10^3 guesses, 1 under 10^6, 2 under 10^8.
 * Under 2 is refused: a million guesses is minutes against a leaked hash. Server only (the
 * dictionaries are ~2 MB); built on first use (~0.2 s), then a few milliseconds a check.
 */
export const minPasswordScore = 2;
let estimator: ZxcvbnFactory | null = null;

/** What the estimator also treats as guessable: the member's username, address and name. */
export interface PasswordOwner {
  username?: string | null;
  email?: string | null;
  displayName?: string | null;
}

export function passwordScore(password: string, owner: PasswordOwner = {}): number {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  const inputs = [owner.username, owner.email, owner.email?.split('@')[0], owner.displayName]
    .filter((v): v is string => Boolean(v))
    .map((v) => v.toLowerCase());
  return estimator.check(password, inputs).score;
}

const refuse = (field: string, message: Text) =>
  new AppError(400, errorCodes.validation, message, { [field]: message });

/**
 * Refuses a new password on the list, or one the estimator scores as trivial, with 400 and
 * the reason on its field (registration's `password`, change password's `newPassword`,
 * reset's `password`). Length is the contract's.
 */
export function assertNewPasswordAllowed(
  password: string,
  field: string,
  owner: PasswordOwner = {},
): void {
  if (isCommonPassword(password)) throw refuse(field, authMessages.passwordTooCommon);
  if (passwordScore(password, owner) < minPasswordScore)
    throw refuse(field, authMessages.passwordTooWeak);
}
