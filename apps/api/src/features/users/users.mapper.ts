import type { CurrentUser, PublicUser } from '@series-tracker/contracts';
import type { UserRow } from '../../db/types';

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

/** The signed-in user's own record: adds their email and its verification state. */
export function toCurrentUser(row: UserRow): CurrentUser {
  return { ...toPublicUser(row), email: row.email, emailVerified: row.email_verified_at !== null };
}
