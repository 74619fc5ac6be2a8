import { sql, type Expression, type SqlBool } from 'kysely';
import { peopleMessages } from '@series-tracker/contracts';
import { forbidden, notFound } from '../lib/errors';
import { msg, type Text } from '../lib/i18n/text';

/**
 * Who may do what to which resource, and which rows a viewer may see: the one place that
 * knows. Closed by default: a resource kind or action this module does not name is refused.
 *
 * Two rules hold for every kind:
 * - what a viewer may not read is absent to them (404), so its existence never leaks;
 * - what a viewer may read but not change answers 403 when they try.
 */

/**
 * The signed-in user asking, or null for an anonymous visitor. `role` is set where a route
 * may serve moderators (ADR 151); absent means member.
 */
export type Viewer = { id: number; role?: Role } | null;

/** Moderation roles (users.role, ADR 151). */
export type Role = 'member' | 'moderator' | 'admin';

/** users.role as the contract names it; anything unknown is a member (closed by default). */
export const toRole = (role: string | null | undefined): Role =>
  role === 'admin' || role === 'moderator' ? role : 'member';

/**
 * A moderator's marks on a thing (ADR 151): `hidden` things are seen by their author (with a
 * notice) and nobody else; `removed` things by nobody through the product's own pages.
 */
export interface Moderated {
  hidden?: boolean;
  removed?: boolean;
}

/** The marks of a row with hidden_at / removed_at columns. */
export const moderationOf = (row: {
  hidden_at?: string | null;
  removed_at?: string | null;
}): Moderated => ({ hidden: !!row.hidden_at, removed: !!row.removed_at });

/** Something owned by one user and never shown to anyone else (watchlist items, search history). */
interface OwnedResource {
  kind:
    | 'watchlist-item'
    | 'favorite'
    | 'search-history'
    | 'job'
    | 'session'
    | 'import'
    | 'play'
    | 'api-token';
  /** Null for system things (a job nobody started): nobody may read them through the API. */
  ownerId: number | null;
}

/** Something its author may publish or keep to themselves (reviews, lists). */
interface PublishableResource extends Moderated {
  kind: 'review' | 'list' | 'episode-review';
  ownerId: number;
  isPublic: boolean;
}

/**
 * A comment on a review: readable by whoever may read the review (`isPublic` is the review's
 * visibility as far as the comment is concerned), changed only by its author, deleted by its
 * author or by the review's author (who keeps their thread civil).
 */
interface CommentResource extends Moderated {
  kind: 'comment';
  ownerId: number;
  isPublic: boolean;
  reviewOwnerId: number;
}

/** A member's profile and what hangs off it (watchlist, favourites, activity, stats). */
interface ProfileResource {
  kind: 'profile';
  userId: number;
  /** users.is_public: a private profile shows name, avatar and counters, nothing more. */
  isPublic: boolean;
}

/** The moderation queue and its actions (ADR 151). */
interface ModerationResource {
  kind: 'moderation';
}

export type Resource =
  OwnedResource | PublishableResource | CommentResource | ProfileResource | ModerationResource;
export type Action = 'read' | 'update' | 'delete' | 'moderate';

const isStaff = (viewer: Viewer) => viewer?.role === 'moderator' || viewer?.role === 'admin';

/** True when `viewer` may perform `action` on `resource`. */
export function may(viewer: Viewer, action: Action, resource: Resource): boolean {
  switch (resource.kind) {
    case 'watchlist-item':
    case 'favorite':
    case 'search-history':
    case 'job':
    case 'session':
    case 'import':
    case 'play':
    case 'api-token':
      if (action === 'moderate') return false;
      return viewer !== null && resource.ownerId !== null && viewer.id === resource.ownerId;
    case 'review':
    case 'list':
    case 'episode-review': {
      if (action === 'moderate') return isStaff(viewer);
      // Removed by a moderator: gone for everyone, its author too.
      if (resource.removed) return false;
      const own = viewer !== null && viewer.id === resource.ownerId;
      // Hidden by a moderator: its author still sees it (with a notice), nobody else does.
      if (action === 'read') return own || (resource.isPublic && !resource.hidden);
      return own;
    }
    case 'comment': {
      if (action === 'moderate') return isStaff(viewer);
      if (resource.removed) return false;
      const own = viewer !== null && viewer.id === resource.ownerId;
      const reviewOwner = viewer !== null && viewer.id === resource.reviewOwnerId;
      if (resource.hidden) return own;
      if (action === 'read') return own || reviewOwner || resource.isPublic;
      if (action === 'delete') return own || reviewOwner;
      return own;
    }
    case 'moderation':
      return action === 'moderate' && isStaff(viewer);
    case 'profile': {
      if (action === 'moderate') return isStaff(viewer) && viewer?.id !== resource.userId;
      const own = viewer !== null && viewer.id === resource.userId;
      if (action === 'read') return own || resource.isPublic;
      return own;
    }
    default:
      return false;
  }
}

/**
 * Throws unless `viewer` may perform `action`: a resource the viewer may not even read is a
 * 404 (with `notFoundMessage`), one they may read but not change is a 403.
 */
export function authorize(
  viewer: Viewer,
  action: Action,
  resource: Resource | null | undefined,
  notFoundMessage: Text = msg('errors.notFound'),
): asserts resource is Resource {
  if (action === 'moderate') {
    // Members asking for moderators' things are told no (403), never shown what exists.
    if (!may(viewer, 'moderate', resource ?? { kind: 'moderation' })) throw forbidden();
    if (!resource) throw notFound(notFoundMessage);
    return;
  }
  if (!resource || !may(viewer, 'read', resource)) throw notFound(notFoundMessage);
  if (action !== 'read' && !may(viewer, action, resource)) throw forbidden();
}

/**
 * A member's details (watchlist, favourites, activity, ratings, stats). Unlike other kinds, a
 * private profile's existence is public (its name, avatar and counters show to everyone), so
 * its hidden details answer 403, to anonymous visitors too; a missing member is a 404. A
 * member who blocks the viewer hides them the same way (`blocksViewer`).
 */
export function authorizeProfileDetails(
  viewer: Viewer,
  profile: (ProfileResource & { blocksViewer?: boolean }) | null | undefined,
  notFoundMessage: Text = peopleMessages.userNotFound,
  forbiddenMessage: Text = peopleMessages.privateProfile,
): asserts profile is ProfileResource {
  if (!profile) throw notFound(notFoundMessage);
  if (!may(viewer, 'read', profile)) throw forbidden(forbiddenMessage);
  if (profile.blocksViewer && viewer?.id !== profile.userId) throw forbidden(forbiddenMessage);
}

function moderationColumns(ownerColumn: string) {
  const dot = ownerColumn.lastIndexOf('.');
  const prefix = dot >= 0 ? ownerColumn.slice(0, dot + 1) : '';
  return { hidden: `${prefix}hidden_at`, removed: `${prefix}removed_at`, owner: ownerColumn };
}

/**
 * A suspension in force on a member's row (ADR 151), or null: set and not yet over (no end
 * date: for good). A suspended member may read but not write (platform/access.ts).
 */
export function activeSuspension(
  user: {
    suspended_at?: string | null;
    suspended_until?: string | null;
    suspension_reason?: string | null;
  },
  now = new Date().toISOString(),
): { reason: string | null; until: string | null } | null {
  if (!user.suspended_at) return null;
  if (user.suspended_until && user.suspended_until <= now) return null;
  return { reason: user.suspension_reason ?? null, until: user.suspended_until ?? null };
}

/**
 * Whose tracking feeds what the community computes for others (recommendations, ADR 183): a
 * member whose profile is public. A private profile's watchlist is nobody else's business, and
 * in a small community "Because you watched X" could point at the one private member who
 * tracks both shows; so private members get picks from everyone else's signal and give none.
 */
export function sharesTaste(member: { isPublic: boolean }): boolean {
  return member.isPublic;
}

/**
 * Query filters: the same rules as `may(viewer, 'read', …)`, as SQL conditions, so a listing,
 * a search, a count and a feed all hide exactly what a detail page hides. Columns hold 0/1
 * booleans on both dialects (ADR 003).
 */
export const visible = {
  /** Rows only their owner sees (watchlist items, history): the owner's, or none. */
  ownedBy(viewer: Viewer, ownerColumn: string): Expression<SqlBool> {
    // Anonymous viewers own nothing.
    return viewer ? sql<SqlBool>`${sql.ref(ownerColumn)} = ${viewer.id}` : sql<SqlBool>`1 = 0`;
  },

  /**
   * The viewer's own publishable rows, private and hidden ones included (the owner sees a
   * notice on hidden ones), removed ones never (ADR 151): "my lists".
   */
  ownPublished(viewer: Viewer, ownerColumn: string): Expression<SqlBool> {
    if (!viewer) return sql<SqlBool>`1 = 0`;
    const { removed } = moderationColumns(ownerColumn);
    return sql<SqlBool>`(${sql.ref(ownerColumn)} = ${viewer.id} and ${sql.ref(removed)} is null)`;
  },

  /**
   * Publishable rows (reviews, episode reviews, lists): public ones not hidden by a moderator,
   * plus the viewer's own unless removed (ADR 151). The moderation columns are read from the
   * same table alias as `ownerColumn` (`r.user_id` → `r.hidden_at`, `r.removed_at`).
   */
  published(viewer: Viewer, ownerColumn: string, publicColumn: string): Expression<SqlBool> {
    const { hidden, removed } = moderationColumns(ownerColumn);
    return viewer
      ? sql<SqlBool>`(${sql.ref(removed)} is null and ((${sql.ref(publicColumn)} = 1 and ${sql.ref(hidden)} is null) or ${sql.ref(ownerColumn)} = ${viewer.id}))`
      : sql<SqlBool>`(${sql.ref(publicColumn)} = 1 and ${sql.ref(hidden)} is null and ${sql.ref(removed)} is null)`;
  },

  /**
   * Comments under a review the viewer may read: none removed, and hidden ones only to their
   * author (ADR 151). A hidden top-level comment takes its replies out of others' view too.
   */
  comments(viewer: Viewer, alias: string): Expression<SqlBool> {
    const { hidden, removed, owner } = moderationColumns(`${alias}.user_id`);
    const own = viewer ? sql`${sql.ref(owner)} = ${viewer.id}` : sql`1 = 0`;
    return sql<SqlBool>`(${sql.ref(removed)} is null and (${sql.ref(hidden)} is null or ${own}) and (${sql.ref(`${alias}.parent_id`)} is null or not exists (select 1 from review_comments moderated_parent where moderated_parent.id = ${sql.ref(`${alias}.parent_id`)} and (moderated_parent.removed_at is not null or (moderated_parent.hidden_at is not null and ${viewer ? sql`moderated_parent.user_id <> ${viewer.id}` : sql`1 = 1`})))))`;
  },

  /** Member profiles whose details (watchlist, activity, stats) the viewer may see. */
  profiles(viewer: Viewer, idColumn: string, publicColumn: string): Expression<SqlBool> {
    return viewer
      ? sql<SqlBool>`(${sql.ref(publicColumn)} = 1 or ${sql.ref(idColumn)} = ${viewer.id})`
      : sql<SqlBool>`${sql.ref(publicColumn)} = 1`;
  },

  /**
   * Rows hanging off a member's profile (their lists by owner, their followers, their review
   * of a show) on paths other than the profile's tabs: the same rule as
   * `authorizeProfileDetails`, as SQL: the viewer's own, or a public profile that does not
   * block the viewer (ADR 150). Reads the users and blocks tables.
   */
  memberDetails(viewer: Viewer, userColumn: string): Expression<SqlBool> {
    const isPublic = sql<SqlBool>`exists (select 1 from users pu where pu.id = ${sql.ref(userColumn)} and pu.is_public = 1)`;
    if (!viewer) return isPublic;
    return sql<SqlBool>`(${sql.ref(userColumn)} = ${viewer.id} or (${isPublic} and not exists (select 1 from blocks where blocks.blocker_id = ${sql.ref(userColumn)} and blocks.blocked_id = ${viewer.id})))`;
  },

  /**
   * Rows authored by members (activity) that the viewer may see: the author's profile is
   * visible to them and the author does not block them.
   */
  authoredBy(viewer: Viewer, userColumn: string, publicColumn: string): Expression<SqlBool> {
    if (!viewer) return sql<SqlBool>`${sql.ref(publicColumn)} = 1`;
    return sql<SqlBool>`((${sql.ref(publicColumn)} = 1 and not exists (select 1 from blocks where blocks.blocker_id = ${sql.ref(userColumn)} and blocks.blocked_id = ${viewer.id})) or ${sql.ref(userColumn)} = ${viewer.id})`;
  },

  /**
   * The viewer's own notifications (ADR 160), without those from a member either of them
   * blocks: a block hides the blocked one's follows, likes and comments from the bell too.
   */
  notifications(viewer: Viewer, ownerColumn: string, actorColumn: string): Expression<SqlBool> {
    if (!viewer) return sql<SqlBool>`1 = 0`;
    return sql<SqlBool>`(${sql.ref(ownerColumn)} = ${viewer.id} and (${sql.ref(actorColumn)} is null or not exists (select 1 from blocks b where (b.blocker_id = ${viewer.id} and b.blocked_id = ${sql.ref(actorColumn)}) or (b.blocker_id = ${sql.ref(actorColumn)} and b.blocked_id = ${viewer.id}))))`;
  },
};
