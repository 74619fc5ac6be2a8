import { ssoErrorCodes, ssoMessages } from '@series-tracker/contracts';
import { AppError } from '../../lib/errors';

/**
 * PASSWORD_SIGN_IN=off (ADR 174): the site signs in through its OpenID Provider only, so
 * password sign-in, registration and password reset answer 403 with one clear message.
 */
export function assertPasswordSignIn(on: boolean): void {
  if (!on) throw new AppError(403, ssoErrorCodes.passwordSignInOff, ssoMessages.passwordSignInOff);
}
