import type { TraktLastActivities } from '@series-tracker/contracts';
import { nowIso } from '../../lib/time';
import type { EventBus } from '../../platform/events';
import type { TraktSyncRepository } from './trakt-sync.repository';
import { traktInstant } from './trakt-shapes';

/**
 * `/sync/last_activities` (ADR 171): when each kind of a member's data last changed, so an
 * app syncs only what moved. Stamps are written by event subscribers, so a change made on the
 * web, by an import, a media server or a Trakt app moves them alike, removals included (a
 * removed play leaves no row to date). Before a kind's first stamp, the data's own latest
 * date stands in, and the account's creation date for kinds that never happened.
 */
export function createTraktActivity(deps: { repo: TraktSyncRepository; events: EventBus }) {
  const { repo, events } = deps;
  const touch = (userId: number, ...kinds: string[]) => repo.touch(userId, kinds, nowIso());

  return {
    touch,

    /** Subscribes the stamps to the domain events (once per server that makes changes). */
    subscribe() {
      events.on('episode.watched', ({ userId }) => touch(userId, 'episodes.watched_at'));
      events.on('episode.rewatched', ({ userId }) => touch(userId, 'episodes.watched_at'));
      events.on('tracking.changed', ({ userId, change }) =>
        change === 'progress'
          ? touch(userId, 'episodes.watched_at')
          : touch(userId, 'shows.watchlisted_at', 'watchlist.updated_at'),
      );
      events.on('ratings.changed', ({ userId, kind }) => touch(userId, `${kind}s.rated_at`));
      events.on('review.created', ({ userId }) => touch(userId, 'shows.commented_at'));
      events.on('review.updated', ({ userId }) => touch(userId, 'shows.commented_at'));
      events.on('review.deleted', ({ userId }) => touch(userId, 'shows.commented_at'));
      events.on('list.created', ({ userId }) => touch(userId, 'lists.updated_at'));
      events.on('list.updated', ({ userId }) => touch(userId, 'lists.updated_at'));
      events.on('list.deleted', ({ userId }) => touch(userId, 'lists.updated_at'));
      events.on('user.followed', async ({ followerId, followeeId }) => {
        await touch(followerId, 'account.following_at');
        await touch(followeeId, 'account.followed_at');
      });
    },

    async lastActivities(userId: number): Promise<TraktLastActivities> {
      const [stamps, floors] = await Promise.all([repo.stamps(userId), repo.floors(userId)]);
      const joined = floors.joined;
      let all = joined;
      const at = (kind: string, ...data: (string | null)[]) => {
        let v = joined;
        for (const d of [stamps.get(kind) ?? null, ...data]) if (d && d > v) v = d;
        if (v > all) all = v;
        return traktInstant(v)!;
      };
      const never = () => traktInstant(joined)!;
      const watchlisted = at('shows.watchlisted_at', floors.item);
      const answer: Omit<TraktLastActivities, 'all'> = {
        movies: {
          watched_at: never(),
          collected_at: never(),
          rated_at: never(),
          watchlisted_at: never(),
          favorited_at: never(),
          recommendations_at: never(),
          commented_at: never(),
          paused_at: never(),
          hidden_at: never(),
        },
        episodes: {
          watched_at: at('episodes.watched_at', floors.played),
          collected_at: never(),
          rated_at: at('episodes.rated_at', floors.episode_rated),
          watchlisted_at: never(),
          commented_at: never(),
          paused_at: at('episodes.paused_at', floors.paused),
        },
        shows: {
          rated_at: at('shows.rated_at'),
          watchlisted_at: watchlisted,
          favorited_at: never(),
          recommendations_at: never(),
          commented_at: at('shows.commented_at'),
          hidden_at: never(),
          dropped_at: never(),
        },
        seasons: {
          rated_at: at('seasons.rated_at', floors.season_rated),
          watchlisted_at: never(),
          commented_at: never(),
          hidden_at: never(),
        },
        comments: { liked_at: never(), blocked_at: never() },
        lists: {
          liked_at: never(),
          updated_at: at('lists.updated_at', floors.list),
          commented_at: never(),
        },
        watchlist: { updated_at: at('watchlist.updated_at', floors.item) },
        favorites: { updated_at: never() },
        recommendations: { updated_at: never() },
        collaborations: { updated_at: never() },
        account: {
          settings_at: never(),
          followed_at: at('account.followed_at'),
          following_at: at('account.following_at'),
          pending_at: never(),
          requested_at: never(),
        },
        saved_filters: { updated_at: never() },
        notes: { updated_at: never() },
      };
      return { all: traktInstant(all)!, ...answer };
    },
  };
}

export type TraktActivity = ReturnType<typeof createTraktActivity>;
