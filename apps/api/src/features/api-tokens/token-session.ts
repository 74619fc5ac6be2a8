import type { SessionRow } from '../../db/types';

/** last_used_at is written at most this often per token (a busy script would write every call). */
const TOUCH_AFTER_MS = 60_000;

/** A token as a request presents it: a personal API token or a Trakt app's grant. */
export interface PresentedToken {
  id: number;
  token_hash: string;
  created_at: string;
  last_used_at: string | null;
  expires_at: string;
}

/**
 * What a request made with a token carries as its session (ADR 161, 170), after noting when the
 * token was last used (at most once a minute). Not a session: id 0 matches no sessions row, and
 * the routes that read the session (sign-out, sessions, password) refuse tokens.
 */
export async function tokenSession(
  userId: number,
  token: PresentedToken,
  now: number,
  touch: (id: number, at: string) => Promise<unknown>,
): Promise<SessionRow> {
  if (!token.last_used_at || now - Date.parse(token.last_used_at) > TOUCH_AFTER_MS)
    await touch(token.id, new Date(now).toISOString());
  return {
    id: 0,
    user_id: userId,
    token_hash: token.token_hash,
    created_at: token.created_at,
    last_used_at: token.last_used_at ?? token.created_at,
    expires_at: token.expires_at,
    user_agent: null,
    // Never a recent sign-in (ADR 173): a token cannot take the actions that need one.
    verified_at: null,
  };
}
