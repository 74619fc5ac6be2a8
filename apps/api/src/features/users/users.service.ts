import type { Person, ProfileUser, UserResult } from '@series-tracker/contracts';
import { peopleMessages, searchLimits } from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { authorizeProfileDetails, may, type Viewer } from '../../platform/policy';
import { normalizeForSearch } from '../search/normalize';
import { titleScore } from '../search/relevance';
import { toPerson, toPublicUser } from './users.mapper';
import type { UsersRepository } from './users.repository';
import type { UserRow } from '../../db/types';
import { page } from '../shows/shows.service';

/** Counts of other features' rows (a member's public reviews and public lists). */
export interface ContentCounts {
  publicContent?: (userId: number) => Promise<{ reviews: number; lists: number }>;
}

export interface UsersServiceOptions {
  repo: UsersRepository;
  /** Follows and blocks as social keeps them (the composition root passes its repository). */
  social: {
    followingAmong(viewerId: number, ids: number[]): Promise<Set<number>>;
    blocks(blockerId: number, blockedId: number): Promise<boolean>;
  };
}

/** Candidates fetched for a people search before scoring. */
const SEARCH_CANDIDATES = 200;
/** Scores under this share a trigram or two with the query: noise. */
const MIN_MATCH = 25;

export function createUsersService({ repo, social }: UsersServiceOptions) {
  async function people(viewer: Viewer, rows: UserRow[], scores?: Map<number, number>) {
    const ids = rows.map((r) => r.id);
    const [followers, mine] = await Promise.all([
      repo.followerCounts(ids),
      viewer ? social.followingAmong(viewer.id, ids) : Promise.resolve(null),
    ]);
    return rows.map((r): Person => ({
      ...toPerson(r, viewer, followers.get(r.id) ?? 0, mine ? mine.has(r.id) : undefined),
      ...(scores ? { relevanceScore: scores.get(r.id) ?? 0 } : {}),
    }));
  }

  /**
   * The member whose details (watchlist, favourites, activity, stats) the viewer asks for:
   * 404 when absent, 403 when the profile is private or its owner blocks the viewer.
   */
  async function requireDetails(viewer: Viewer, userId: number): Promise<UserRow> {
    const row = await repo.byId(userId);
    const blocksViewer = row && viewer ? await social.blocks(row.id, viewer.id) : false;
    authorizeProfileDetails(
      viewer,
      row && { kind: 'profile', userId: row.id, isPublic: Boolean(row.is_public), blocksViewer },
      peopleMessages.userNotFound,
      blocksViewer ? peopleMessages.blockedActivity : peopleMessages.privateProfile,
    );
    return row!;
  }

  /**
   * Members whose username or display name matches, typo-tolerant, best first: candidates
   * share a trigram with the query, scored with the show search's title matching (exact,
   * prefix, word, typo of a word).
   */
  async function ranked(query: string) {
    const raw = query.trim().slice(0, searchLimits.queryMax);
    const q = normalizeForSearch(raw);
    if (!q) return [];
    const rows = await repo.searchCandidates(raw, SEARCH_CANDIDATES);
    return rows
      .map((r) => ({
        r,
        score: Math.max(
          titleScore(q, normalizeForSearch(r.username)),
          r.display_name ? titleScore(q, normalizeForSearch(r.display_name)) : 0,
        ),
      }))
      .filter((x) => x.score >= MIN_MATCH)
      .sort((a, b) => b.score - a.score || a.r.username_lower.localeCompare(b.r.username_lower));
  }

  return {
    requireDetails,

    async profile(viewer: Viewer, username: string): Promise<ProfileUser> {
      const row = await repo.byUsername(username);
      if (!row) throw notFound(peopleMessages.userNotFound);
      // One statement for every count and check of the page (ADR 090, profile load figures).
      const f = await repo.profileFacts(row.id, viewer ? viewer.id : null);
      const { isFollowing, isBlocked, blocksViewer } = f;
      const readable =
        may(viewer, 'read', {
          kind: 'profile',
          userId: row.id,
          isPublic: Boolean(row.is_public),
        }) && !(blocksViewer && viewer?.id !== row.id);
      const user = toPublicUser(row);
      return {
        ...user,
        bio: readable ? user.bio : null,
        followersCount: f.followers,
        followingCount: f.following,
        reviewsCount: f.reviews,
        listsCount: f.lists,
        showsCount: f.shows,
        ...(isFollowing === undefined ? {} : { isFollowing }),
        ...(isBlocked === undefined ? {} : { isBlocked }),
        detailsHidden: !readable,
      };
    },

    async list(viewer: Viewer, limit: number, offset: number) {
      const { rows, total } = await repo.list(limit, offset);
      return page(await people(viewer, rows), total, limit, offset);
    },

    /**
     * Username and display name, typo-tolerant, best match first: candidates share a trigram
     * with the query, and are scored with the show search's title matching (exact, prefix,
     * word, typo of a word).
     */
    async search(viewer: Viewer, query: string, limit: number, offset: number) {
      const scored = await ranked(query);
      const pageRows = scored.slice(offset, offset + limit);
      const scores = new Map(pageRows.map((x) => [x.r.id, Math.round(x.score * 100) / 100]));
      return page(
        await people(
          viewer,
          pageRows.map((x) => x.r),
          scores,
        ),
        scored.length,
        limit,
        offset,
      );
    },

    /**
     * The search page's people (GET /search, /search/users): the same typo-tolerant ranking,
     * as anyone sees it (the answer is shared and cached), so a private profile shows its
     * name and avatar but not its bio, as everywhere else (ADR 090).
     */
    async searchResults(query: string, limit: number): Promise<UserResult[]> {
      return (await ranked(query)).slice(0, limit).map(({ r, score }) => ({
        ...toPublicUser(r),
        bio: r.is_public ? r.bio : null,
        relevanceScore: Math.round(score * 100) / 100,
      }));
    },

    byUsernames: (names: string[]) => repo.byUsernames(names),
    /** A member by username, whatever their privacy (operators' CLIs). */
    byUsername: (username: string) => repo.byUsername(username),
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
