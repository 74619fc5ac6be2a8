import type { FastifyRequest } from 'fastify';
import { securityErrorCodes, securityLimits, securityMessages } from '@series-tracker/contracts';
import type { SessionRow } from '../../db/types';
import { AppError } from '../../lib/errors';

const windowMs = securityLimits.recentSignInMinutes * 60_000;

/**
 * Until when a session counts as a recent sign-in (ADR 173): 15 minutes after it last proved
 * who holds it (signing in with a password and, with 2FA on, the second factor; a passkey;
 * re-entering the password or a code on POST /auth/reauthenticate). Null when it never did
 * (sessions older than migration 0025, API tokens) or that time has passed.
 */
export function recentUntil(session: SessionRow, now = Date.now()): string | null {
  if (!session.verified_at) return null;
  const until = Date.parse(session.verified_at) + windowMs;
  return until > now ? new Date(until).toISOString() : null;
}

export function assertRecentSignIn(session: SessionRow): void {
  if (!recentUntil(session))
    throw new AppError(
      403,
      securityErrorCodes.reauthenticationRequired,
      securityMessages.reauthenticationRequired,
    );
}

/**
 * Route hook for actions a stolen session must not take alone (turning 2FA off, new API
 * tokens, …): 403 REAUTHENTICATION_REQUIRED unless the session is recent; the web asks
 * "Confirm it's you" and sends the request again.
 */
export async function requireRecentSignIn(request: FastifyRequest): Promise<void> {
  if (request.auth) assertRecentSignIn(request.auth.session);
}
