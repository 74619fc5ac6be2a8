import type { ShowStatement } from '../tracking/imported-shows';
import { minIso } from '../../lib/time';
import type { ImportRecord, ShowRef } from './import-records';
import { matchTitle } from './matcher';

/** Episode votes known only by TheTVDB episode id, kept until the file is read. */
const MAX_PENDING_VOTES = 200_000;

/** One play of one episode as the file gave it (the earliest play of an episode is kept). */
export interface Play {
  season: number | null;
  number: number | null;
  airDate: string | null;
  watchedAt: string;
}

/** Everything a file says about one show, gathered from all its rows and members. */
export interface ShowAgg extends ShowStatement {
  ref: ShowRef;
  plays: Play[];
  progressCount: { count: number; watchedAt: string | null } | null;
  rated?: boolean;
  tracked?: boolean;
  /** Episode ratings (1-10), imported as private episode ratings. */
  episodeRatings?: EpisodeRating[];
  /** Season ratings (1-10), by season number. */
  seasonRatings?: { season: number; rating: number; ratedAt: string | null }[];
}

export interface EpisodeRating {
  season: number | null;
  number: number | null;
  rating: number;
  /** When the file dates the rating; else the episode's watch date, else unknown. */
  ratedAt: string | null;
}

/** The key a show is gathered under: its first strong id, else its title and year. */
export function aggKey(ref: ShowRef): string {
  const ids = ref.ids;
  if (ids.sourceId) return `src:${ids.sourceId}`;
  if (ids.tvdb) return `tvdb:${ids.tvdb}`;
  if (ids.imdb) return `imdb:${ids.imdb}`;
  if (ids.tmdb) return `tmdb:${ids.tmdb}`;
  if (ids.trakt) return `trakt:${ids.trakt}`;
  if (ids.mal) return `mal:${ids.mal}`;
  if (ids.simkl) return `simkl:${ids.simkl}`;
  if (ids.tvmaze) return `tvmaze:${ids.tvmaze}`;
  return `title:${matchTitle(ref.title ?? '')}:${ref.year ?? ''}`;
}

/** Gathers a file's records per show, and its lists, reviews, skips and notes. */
export class Collector {
  shows = new Map<string, ShowAgg>();
  /** Plays per show key and episode key, to keep one (the earliest) per episode. */
  private seen = new Map<string, Map<string, Play>>();
  lists: Extract<ImportRecord, { kind: 'list' }>[] = [];
  reviews: Extract<ImportRecord, { kind: 'review' }>[] = [];
  follows: Extract<ImportRecord, { kind: 'follow' }>[] = [];
  skipped: Record<string, number> = {};
  /** TheTVDB episode id → the show and episode the file's watches name (TV Time votes). */
  private tvdbEpisodes = new Map<
    number,
    { ref: ShowRef; season: number | null; number: number | null; watchedAt: string }
  >();
  private pendingVotes: { tvdbEpisode: number; rating: number; ratedAt: string | null }[] = [];
  notes: string[] = [];
  rows = 0;

  private agg(ref: ShowRef): ShowAgg {
    const key = aggKey(ref);
    let a = this.shows.get(key);
    if (!a) {
      a = { ref: { ...ref, ids: { ...ref.ids } }, plays: [], progressCount: null };
      this.shows.set(key, a);
    } else {
      a.ref.ids = { ...ref.ids, ...a.ref.ids };
      a.ref.title ??= ref.title;
      a.ref.year ??= ref.year;
    }
    return a;
  }

  skip(what: string, count = 1) {
    this.skipped[what] = (this.skipped[what] ?? 0) + count;
  }

  /** After the last record: places episode votes known only by TheTVDB episode id. */
  finish() {
    for (const v of this.pendingVotes.splice(0)) {
      const ep = this.tvdbEpisodes.get(v.tvdbEpisode);
      if (!ep) {
        this.skip('episodeRatingsUnmatched');
        continue;
      }
      (this.agg(ep.ref).episodeRatings ??= []).push({
        season: ep.season,
        number: ep.number,
        rating: v.rating,
        // A vote carries no date: the first watch of the episode is the honest bound.
        ratedAt: v.ratedAt ?? ep.watchedAt,
      });
    }
  }

  add(r: ImportRecord) {
    this.rows++;
    switch (r.kind) {
      case 'play': {
        const a = this.agg(r.show);
        const key = aggKey(r.show);
        const plays = this.seen.get(key) ?? new Map<string, Play>();
        this.seen.set(key, plays);
        const ek = `${r.season ?? ''}:${r.number ?? ''}:${r.number === null ? (r.airDate ?? '') : ''}`;
        // Every play is kept: a rewatch is another play (ADR 130). The same play twice in one
        // file (the same episode at the same instant) is one.
        const pk = `${ek}@${r.watchedAt}`;
        if (plays.has(pk)) {
          this.skip('duplicatePlays');
        } else {
          const play = {
            season: r.season,
            number: r.number,
            airDate: r.airDate ?? null,
            watchedAt: r.watchedAt,
          };
          plays.set(pk, play);
          a.plays.push(play);
        }
        if (r.tvdbEpisode && !this.tvdbEpisodes.has(r.tvdbEpisode))
          this.tvdbEpisodes.set(r.tvdbEpisode, {
            ref: r.show,
            season: r.season,
            number: r.number,
            watchedAt: r.watchedAt,
          });
        break;
      }
      case 'episode-rating': {
        if (r.show) {
          const a = this.agg(r.show);
          (a.episodeRatings ??= []).push({
            season: r.season,
            number: r.number,
            rating: r.rating,
            ratedAt: r.ratedAt,
          });
        } else if (r.tvdbEpisode) {
          // Resolved in finish(): the watch rows naming this episode may come later. Capped,
          // so a file of millions of vote rows cannot grow memory without bound.
          if (this.pendingVotes.length >= MAX_PENDING_VOTES) {
            this.skip('episodeRatingsOverLimit');
            break;
          }
          this.pendingVotes.push({
            tvdbEpisode: r.tvdbEpisode,
            rating: r.rating,
            ratedAt: r.ratedAt,
          });
        } else this.skip('episodeRatingsUnmatched');
        break;
      }
      case 'season-rating': {
        const a = this.agg(r.show);
        (a.seasonRatings ??= []).push({ season: r.season, rating: r.rating, ratedAt: r.ratedAt });
        break;
      }
      case 'progress-count': {
        const a = this.agg(r.show);
        a.progressCount = { count: r.count, watchedAt: r.watchedAt };
        break;
      }
      case 'show': {
        const a = this.agg(r.show);
        if (r.status) {
          // A watchlist entry does not override a stronger status from another member.
          if (!(r.status === 'want_to_watch' && a.status && a.status !== 'want_to_watch'))
            a.status = r.status;
        }
        if (r.score !== undefined && r.score !== null) a.score = r.score;
        else if (r.score === null && a.score === undefined) a.score = null;
        if (r.exact) a.exact = true;
        if (r.rated) a.rated = true;
        if (r.tracked) a.tracked = true;
        if (r.addedAt) a.addedAt = minIso(a.addedAt, r.addedAt);
        if (r.startedAt) a.startedAt = r.startedAt;
        if (r.completedAt) a.completedAt = r.completedAt;
        if (r.favorite) {
          a.favorite = true;
          a.favoritedAt = minIso(a.favoritedAt, r.favoritedAt);
        }
        break;
      }
      case 'list':
        this.lists.push(r);
        break;
      case 'review':
        this.reviews.push(r);
        break;
      case 'follow':
        this.follows.push(r);
        break;
      case 'skip':
        this.skip(r.what, r.count ?? 1);
        break;
      case 'note':
        if (!this.notes.includes(r.text)) this.notes.push(r.text);
        break;
    }
  }
}
