import {
  isLocale,
  type CurrentUser,
  type Person,
  type PublicUser,
  type UserRef,
} from '@series-tracker/contracts';
import type { UserRow } from '../../db/types';
import { activeSuspension, toRole } from '../../platform/policy';

/** The only way a user row leaves the server for other people: no email, no hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    bio: row.bio,
    isPublic: Boolean(row.is_public),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The signed-in user's own record: adds their email, its verification state, the new address
 * waiting for its link (`pendingEmail`, the account repository's `pendingEmail`) and the
 * language they chose (null: the browser's; never shown to anyone else, ADR 186).
 */
export function toCurrentUser(row: UserRow, pendingEmail: string | null): CurrentUser {
  return {
    ...toPublicUser(row),
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    role: toRole(row.role),
    suspension: activeSuspension(row),
    pendingEmail,
    locale: isLocale(row.locale) ? row.locale : null,
  };
}

/** A member in lists of people. A private profile shows its name and avatar, not its bio. */
export function toPerson(
  row: UserRow,
  viewer: { id: number } | null,
  followersCount: number,
  isFollowing: boolean | undefined,
): Person {
  const self = viewer?.id === row.id;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    bio: row.is_public || self ? row.bio : null,
    isPublic: Boolean(row.is_public),
    createdAt: row.created_at,
    followersCount,
    ...(isFollowing === undefined ? {} : { isFollowing }),
  };
}

export const toUserRef = (r: {
  id: number;
  username: string;
  display_name: string | null;
  avatar_url: string | null;
}): UserRef => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  avatarUrl: r.avatar_url,
});
