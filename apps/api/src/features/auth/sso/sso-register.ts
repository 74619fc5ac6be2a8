import {
  ssoErrorCodes,
  ssoMessages,
  type ContractText,
  type Locale,
} from '@series-tracker/contracts';
import type { UserRow } from '../../../db/types';
import { isUniqueViolation } from '../../../lib/db-errors';
import { AppError } from '../../../lib/errors';
import { contractWith, type Text } from '../../../lib/i18n/text';
import { nowIso } from '../../../lib/time';
import type { EventBus } from '../../../platform/events';
import type { UnitOfWork } from '../../../platform/unit-of-work';
import type { AuthRepository } from '../auth.repository';
import { NO_PASSWORD_HASH } from '../password';
import type { OidcIdentity } from './oidc-client';
import type { SsoRepository } from './sso.repository';
import { usernameBase, usernameCandidates } from './sso-username';

export type SsoIntent = 'sign-in' | 'link' | 'reauth';

/** A failed callback: the route answers it as a page (browsers) or JSON, with a way back. */
export class SsoCallbackError extends AppError {
  constructor(
    statusCode: number,
    code: string,
    message: Text,
    readonly intent: SsoIntent,
  ) {
    super(statusCode, code, message);
  }
}

export interface SsoAutoRegisterOptions {
  /** OIDC_AUTO_REGISTER: off, an identity nobody linked is refused. */
  autoRegister: boolean;
  /** The provider's name, in the messages. */
  provider: string;
  repo: SsoRepository;
  authRepo: AuthRepository;
  uow: UnitOfWork;
  events: EventBus;
}

/**
 * A new account for an identity nobody linked (OIDC_AUTO_REGISTER=on, ADR 174): a free
 * username from what the provider says, the verified address, no password, the identity linked
 * in the same transaction; it starts in `locale`, the language of the browser coming back (ADR
 * 186). Never linked silently to an account that already has the address.
 */
export function ssoAutoRegister(o: SsoAutoRegisterOptions) {
  return async function register(
    identity: OidcIdentity,
    intent: SsoIntent,
    locale: Locale | null,
  ): Promise<UserRow> {
    const callbackFail = (status: number, code: string, message: ContractText) =>
      new SsoCallbackError(status, code, contractWith(message, { provider: o.provider }), intent);
    if (!o.autoRegister) throw callbackFail(403, ssoErrorCodes.notLinked, ssoMessages.notLinked);
    const email = identity.verifiedEmail;
    if (!email) throw callbackFail(403, ssoErrorCodes.emailMissing, ssoMessages.emailMissing);
    const emailInUse = () => callbackFail(409, ssoErrorCodes.emailInUse, ssoMessages.emailInUse);
    // Never linked silently: the owner of the address signs in and links from Settings.
    if (await o.authRepo.userByEmail(email.toLowerCase())) throw emailInUse();
    const base = usernameBase([identity.preferredUsername, email, identity.name]);
    const now = nowIso();
    for (const username of usernameCandidates(base)) {
      const lower = username.toLowerCase();
      if (
        (await o.authRepo.usernameTaken(lower)) ||
        (await o.authRepo.usernameReserved(lower, email.toLowerCase(), now))
      )
        continue;
      try {
        const user = await o.uow.run(async (trx) => {
          const row = await o.authRepo.insertUser(trx, {
            username,
            username_lower: lower,
            email,
            email_lower: email.toLowerCase(),
            display_name: identity.name?.slice(0, 50) ?? null,
            password_hash: NO_PASSWORD_HASH,
            avatar_url: null,
            bio: null,
            is_public: 1,
            // The provider verified the address (email_verified): no confirmation mail.
            email_verified_at: now,
            locale,
            created_at: now,
            updated_at: now,
          });
          await o.repo.insertLink(
            {
              user_id: row.id,
              issuer: identity.issuer,
              subject: identity.subject,
              email: identity.email,
              created_at: now,
            },
            trx,
          );
          return row;
        });
        await o.events.emit('user.changed', { userId: user.id, change: 'registered' });
        return user;
      } catch (error) {
        // Someone took the name a moment ago: the next candidate. The address: refuse.
        if (isUniqueViolation(error, 'username_lower')) continue;
        if (isUniqueViolation(error, 'email_lower')) throw emailInUse();
        // The same identity finishing twice at once: the other callback made the account.
        if (isUniqueViolation(error, 'identity_links')) {
          const link = await o.repo.findLink(identity.issuer, identity.subject);
          const user = link && (await o.repo.userById(link.user_id));
          if (user) return user;
        }
        throw error;
      }
    }
    throw new Error('unreachable');
  };
}
