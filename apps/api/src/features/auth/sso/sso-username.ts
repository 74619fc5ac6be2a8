import { randomBytes } from 'node:crypto';
import { authLimits } from '@series-tracker/contracts';

/**
 * A valid username (contracts' rule: 3-30 of A-Z a-z 0-9 _ -) from what the provider says:
 * preferred_username, else the e-mail's local part, else the name; accents dropped, anything
 * else turned into `_`. Too short gets `_member` added; nothing usable is `member`.
 */
export function usernameBase(hints: (string | null)[]): string {
  for (const hint of hints) {
    if (!hint) continue;
    const local = hint.includes('@') ? hint.slice(0, hint.indexOf('@')) : hint;
    const cleaned = local
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^[_-]+|[_-]+$/g, '')
      .slice(0, authLimits.usernameMax);
    if (!cleaned) continue;
    return cleaned.length < authLimits.usernameMin ? `${cleaned}_member` : cleaned;
  }
  return 'member';
}

/** The names to try in turn: the base, then base-2 … base-20, then a random ending. */
export function* usernameCandidates(base: string): Generator<string> {
  yield base;
  for (let n = 2; n <= 20; n++) {
    const suffix = `-${n}`;
    yield base.slice(0, authLimits.usernameMax - suffix.length) + suffix;
  }
  for (;;) {
    const suffix = `-${randomBytes(3).toString('hex')}`;
    yield base.slice(0, authLimits.usernameMax - suffix.length) + suffix;
  }
}
