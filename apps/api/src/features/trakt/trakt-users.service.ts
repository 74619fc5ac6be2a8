import { traktMessages } from '@series-tracker/contracts';
import type { UserRow } from '../../db/types';
import { notFound } from '../../lib/errors';
import type { Viewer } from '../../platform/policy';
import type { CalendarService } from '../calendar/calendar.service';
import { shiftDate } from '../calendar/air-time';
import type { StatsService } from '../stats/stats.service';
import type { UsersService } from '../users/users.service';
import type { TraktCatalogueRepository } from './trakt-catalogue.repository';
import { toTraktEpisode, toTraktShow, traktInstant } from './trakt-shapes';

export interface TraktUsersServiceOptions {
  catalogue: TraktCatalogueRepository;
  calendar: Pick<CalendarService, 'calendar' | 'settings'>;
  users: Pick<UsersService, 'profile'>;
  stats: Pick<StatsService, 'forUser'>;
  publicUrl: string;
}

const zero = { plays: 0, watched: 0, minutes: 0, collected: 0, ratings: 0, comments: 0 };

/**
 * The member side of the Trakt-compatible API (ADR 172): "my shows" calendar from the
 * calendar feature, account settings, and statistics from the stats feature (which applies
 * the private-profile rule).
 */
export function createTraktUsersService(opts: TraktUsersServiceOptions) {
  const base = opts.publicUrl.replace(/\/$/, '');

  return {
    /**
     * Episodes of the member's shows airing from `start` for `days` days, on the member's own
     * days (the calendar's time zone rule), as Trakt's `{first_aired, episode, show}`.
     */
    async calendar(userId: number, start: string, days: number) {
      const { data } = await opts.calendar.calendar(userId, {
        from: start,
        to: shiftDate(start, days - 1),
      });
      const [episodes, shows] = await Promise.all([
        opts.catalogue.episodesByIds(data.map((d) => d.episodeId)),
        opts.catalogue.showsByIds([...new Set(data.map((d) => d.showId))]),
      ]);
      const episodeById = new Map(episodes.map((e) => [e.id, e]));
      const showById = new Map(shows.map((s) => [s.id, s]));
      return data.flatMap((d) => {
        const episode = episodeById.get(d.episodeId);
        const show = showById.get(d.showId);
        if (!episode || !show) return [];
        return [
          {
            first_aired: traktInstant(d.airsAt) ?? `${d.date}T00:00:00.000Z`,
            episode: toTraktEpisode(episode),
            show: toTraktShow(show),
          },
        ];
      });
    },

    /** GET /users/settings: the member's account as Trakt shapes it (no VIP, no connections). */
    async settings(user: UserRow) {
      const { timeZone } = await opts.calendar.settings(user.id);
      const avatar = user.avatar_url
        ? /^https?:/.test(user.avatar_url)
          ? user.avatar_url
          : `${base}${user.avatar_url.startsWith('/') ? '' : '/'}${user.avatar_url}`
        : null;
      return {
        user: {
          username: user.username,
          private: !user.is_public,
          name: user.display_name ?? user.username,
          vip: false,
          vip_ep: false,
          ids: { slug: user.username_lower },
          joined_at: traktInstant(user.created_at),
          location: null,
          about: user.bio,
          gender: null,
          age: null,
          images: { avatar: { full: avatar } },
        },
        account: {
          timezone: timeZone ?? 'UTC',
          date_format: 'ymd',
          time_24hr: true,
          cover_image: null,
        },
        connections: {
          facebook: false,
          twitter: false,
          mastodon: false,
          google: false,
          tumblr: false,
          medium: false,
          slack: false,
          apple: false,
          dropbox: false,
          microsoft: false,
        },
        sharing_text: { watching: null, watched: null, rated: null },
      };
    },

    /**
     * GET /users/{id}/stats: `me` or a username; a private profile's stats answer 403 unless
     * the viewer is its owner (the stats service asks the policy). Movies are all zero.
     */
    async stats(viewer: Viewer, username: string) {
      const profile = await opts.users.profile(viewer, username).catch((err: unknown) => {
        throw err instanceof Error && 'statusCode' in err && err.statusCode === 404
          ? notFound(traktMessages.userNotFound)
          : err;
      });
      const s = await opts.stats.forUser(viewer, profile.id, null);
      const rated = s.ratingDistribution.reduce((a, b) => a + b, 0);
      return {
        movies: { ...zero },
        shows: {
          // Shows with something watched: every library show but those only planned.
          watched: s.library.total - s.library.planToWatch,
          collected: 0,
          ratings: rated,
          comments: s.reviewsWritten,
        },
        seasons: { ratings: 0, comments: 0 },
        episodes: {
          plays: s.plays,
          watched: s.episodesWatched,
          minutes: s.minutesWatched,
          collected: 0,
          ratings: 0,
          comments: 0,
        },
        network: {
          friends: 0,
          followers: profile.followersCount,
          following: profile.followingCount,
        },
        ratings: {
          total: rated,
          distribution: Object.fromEntries(s.ratingDistribution.map((n, i) => [String(i + 1), n])),
        },
      };
    },
  };
}

export type TraktUsersService = ReturnType<typeof createTraktUsersService>;
