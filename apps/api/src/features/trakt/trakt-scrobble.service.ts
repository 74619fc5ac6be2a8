import {
  errorCodes,
  traktCheckinDefaultMinutes,
  traktMessages,
  traktScrobbleMinStop,
  traktScrobbleWatchedAt,
  type TraktCheckinAnswer,
  type TraktItemInput,
  type TraktPlayback,
  type TraktScrobbleAnswer,
} from '@series-tracker/contracts';
import type { EpisodeRow, ShowRow } from '../../db/types';
import { AppError, notFound } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { PlaysService } from '../tracking/plays.service';
import { SCROBBLE_WINDOW_MS, type ScrobblePlays } from '../tracking/scrobble-play';
import type { TraktPlaybackRepository } from './trakt-playback.repository';
import { toTraktEpisode, toTraktShow, traktInstant } from './trakt-shapes';
import type { TraktRepository } from './trakt.repository';

/** Where a Trakt play comes from in the diary. */
export const TRAKT_PLAY_SOURCE = 'trakt';
/** We share nothing on social networks: every switch is off. */
const NO_SHARING = { twitter: false, mastodon: false, tumblr: false };

const round2 = (n: number) => Math.round(Number(n) * 100) / 100;

export type ScrobbleAction = 'start' | 'pause' | 'stop';

export type ScrobbleOutcome =
  { answer: TraktScrobbleAnswer } | { conflict: { watched_at: string; expires_at: string } };

export interface TraktScrobbleServiceOptions {
  trakt: TraktRepository;
  playback: TraktPlaybackRepository;
  scrobblePlays: ScrobblePlays;
  plays: Pick<PlaysService, 'forEpisode' | 'remove'>;
  /** Show ids ranked for a title (the search service), for `{show: {title, year}}` items. */
  rankShows: (title: string) => Promise<{ id: number }[]>;
  uow: UnitOfWork;
}

/**
 * Trakt's scrobbling, playback progress and checkins (issue 27, ADR 172). The item is found by
 * the episode's trakt id, else the show (ids, else title and year) and season/number. A stop
 * at 80 % or more records a play through tracking's rule for plays reported from elsewhere
 * (scrobble-play.ts: the same duplicate window as media-server webhooks); below, the position
 * is kept as playback progress, as Trakt does.
 */
export function createTraktScrobbleService(opts: TraktScrobbleServiceOptions) {
  const { trakt, playback, scrobblePlays, plays } = opts;

  async function showByTitle(title: string, year: number | null | undefined) {
    const ranked = (await opts.rankShows(title)).slice(0, 10);
    const rows = await Promise.all(ranked.map((r) => trakt.showByIds({ trakt: r.id })));
    const found = rows.filter((r): r is ShowRow => !!r);
    const sameYear = year ? found.find((r) => r.first_air_date?.startsWith(String(year))) : null;
    return sameYear ?? found[0];
  }

  /** The show and live episode an app names; 404 when there is none (movies included). */
  async function resolve(input: TraktItemInput): Promise<{ show: ShowRow; episode: EpisodeRow }> {
    const ep = input.episode;
    if (ep) {
      const id = ep.ids?.trakt;
      const traktId = typeof id === 'string' && /^\d{1,10}$/.test(id) ? Number(id) : id;
      if (typeof traktId === 'number' && Number.isSafeInteger(traktId) && traktId > 0) {
        const episode = await trakt.episodeById(traktId);
        if (episode && !episode.retired_at) {
          const show = await trakt.showByIds({ trakt: episode.show_id });
          if (show) return { show, episode };
        }
      }
      const s = input.show;
      const show = s
        ? ((s.ids ? await trakt.showByIds(s.ids) : undefined) ??
          (s.title ? await showByTitle(s.title, s.year) : undefined))
        : undefined;
      if (show && typeof ep.season === 'number' && typeof ep.number === 'number') {
        const episode = await trakt.episodeByNumber(show.id, ep.season, ep.number);
        if (episode) return { show, episode };
      }
    }
    throw notFound(traktMessages.nothingToScrobble);
  }

  const answer = (
    id: number,
    action: TraktScrobbleAnswer['action'],
    progress: number,
    item: { show: ShowRow; episode: EpisodeRow },
  ): TraktScrobbleAnswer => ({
    id,
    action,
    progress,
    sharing: NO_SHARING,
    episode: toTraktEpisode(item.episode),
    show: toTraktShow(item.show),
  });

  /** The member's play of the episode nearest to `at` (the one a record just wrote or met). */
  async function playNear(userId: number, episodeId: number, at: string) {
    const { data } = await plays.forEpisode(userId, episodeId);
    const t = Date.parse(at);
    return data
      .map((p) => ({ p, d: Math.abs(Date.parse(p.watchedAt) - t) }))
      .filter((x) => x.d <= SCROBBLE_WINDOW_MS)
      .sort((a, b) => a.d - b.d || b.p.id - a.p.id)[0]?.p;
  }

  async function savePosition(
    userId: number,
    item: { show: ShowRow; episode: EpisodeRow },
    progress: number,
  ) {
    return playback.save({
      user_id: userId,
      show_id: item.show.id,
      episode_id: item.episode.id,
      progress,
      paused_at: nowIso(),
    });
  }

  return {
    resolve,

    async scrobble(
      userId: number,
      action: ScrobbleAction,
      body: TraktItemInput & { progress: number },
    ): Promise<ScrobbleOutcome> {
      const progress = round2(body.progress);
      const item = await resolve(body);
      if (action === 'start') {
        // As on Trakt: playing again drops the saved position (pause and stop save it anew).
        await playback.clear(userId, item.episode.id);
        return { answer: answer(0, 'start', progress, item) };
      }
      if (action === 'stop' && progress < traktScrobbleMinStop)
        throw new AppError(422, errorCodes.validation, traktMessages.progressTooLow, {
          progress: traktMessages.progressTooLow,
        });
      if (action === 'pause' || progress < traktScrobbleWatchedAt) {
        const row = await savePosition(userId, item, progress);
        return { answer: answer(row.id, 'pause', progress, item) };
      }
      const at = nowIso();
      const recorded = await scrobblePlays.record({
        userId,
        showId: item.show.id,
        episodeId: item.episode.id,
        watchedAt: at,
        source: TRAKT_PLAY_SOURCE,
      });
      const play = await playNear(userId, item.episode.id, at);
      if (!recorded.added) {
        const watchedAt = play?.watchedAt ?? at;
        return {
          conflict: {
            watched_at: traktInstant(watchedAt)!,
            expires_at: new Date(Date.parse(watchedAt) + SCROBBLE_WINDOW_MS).toISOString(),
          },
        };
      }
      await playback.clear(userId, item.episode.id);
      return { answer: answer(play?.id ?? 0, 'scrobble', progress, item) };
    },

    /** Trakt's GET /sync/playback: paused episodes, most recent first (movies: none here). */
    async playbackList(
      userId: number,
      query: { type?: 'movies' | 'episodes'; start_at?: string; end_at?: string; limit?: number },
    ): Promise<TraktPlayback[]> {
      if (query.type === 'movies') return [];
      const rows = await playback.list(userId, {
        ...(query.start_at ? { startAt: new Date(query.start_at).toISOString() } : {}),
        ...(query.end_at ? { endAt: new Date(query.end_at).toISOString() } : {}),
        ...(query.limit ? { limit: query.limit } : {}),
      });
      return rows.map(({ playback: p, show, episode }) => ({
        // Stored as a 4-byte float on PostgreSQL (`real`): back to the two decimals received.
        progress: round2(p.progress),
        paused_at: traktInstant(p.paused_at)!,
        id: p.id,
        type: 'episode' as const,
        episode: toTraktEpisode(episode),
        show: toTraktShow(show),
      }));
    },

    /** Someone else's playback id is as unknown as a missing one (404). */
    async removePlayback(userId: number, id: number): Promise<void> {
      const row = await playback.byId(id);
      if (!row || row.user_id !== userId) throw notFound(traktMessages.playbackNotFound);
      await playback.remove(id);
    },

    /**
     * A checkin records the play at once (tracking's rule, so a second report of the same
     * watch adds nothing) and holds the episode as "watching now" until its runtime passes;
     * a second checkin meanwhile is a 409 with the running one's end, as on Trakt.
     */
    async checkin(
      userId: number,
      body: TraktItemInput,
    ): Promise<{ answer: TraktCheckinAnswer } | { conflict: { expires_at: string } }> {
      const item = await resolve(body);
      const now = nowIso();
      const minutes =
        item.episode.runtime_minutes ?? item.show.runtime_minutes ?? traktCheckinDefaultMinutes;
      const started = await opts.uow.run((trx) =>
        playback.startCheckin(
          trx,
          {
            user_id: userId,
            show_id: item.show.id,
            episode_id: item.episode.id,
            started_at: now,
            expires_at: new Date(Date.parse(now) + minutes * 60_000).toISOString(),
          },
          now,
        ),
      );
      if ('running' in started)
        return { conflict: { expires_at: traktInstant(started.running.expires_at)! } };
      const recorded = await scrobblePlays.record({
        userId,
        showId: item.show.id,
        episodeId: item.episode.id,
        watchedAt: now,
        source: TRAKT_PLAY_SOURCE,
      });
      const play = recorded.added ? await playNear(userId, item.episode.id, now) : undefined;
      if (play) await playback.setCheckinPlay(started.started.id, play.id);
      return {
        answer: {
          id: play?.id ?? started.started.id,
          watched_at: traktInstant(now)!,
          sharing: NO_SHARING,
          episode: toTraktEpisode(item.episode),
          show: toTraktShow(item.show),
        },
      };
    },

    /** Cancelling a running checkin takes back the play it recorded; none running is fine. */
    async cancelCheckin(userId: number): Promise<void> {
      const row = await playback.endCheckin(userId);
      if (!row || !row.play_id || Date.parse(row.expires_at) <= Date.now()) return;
      try {
        await plays.remove(userId, row.play_id);
      } catch (err) {
        // The member already removed that play on the site: nothing left to take back.
        if (!(err instanceof AppError && err.statusCode === 404)) throw err;
      }
    },
  };
}

export type TraktScrobbleService = ReturnType<typeof createTraktScrobbleService>;
