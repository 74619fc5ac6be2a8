import { traktMessages } from '@series-tracker/contracts';
import type { EpisodeRow, ShowRow } from '../../db/types';
import { notFound } from '../../lib/errors';
import { normalizeForSearch } from '../search/normalize';
import { titleScore } from '../search/relevance';
import type { SearchService } from '../search/search.service';
import type { ShowsService } from '../shows/shows.service';
import type { TrackingService } from '../tracking/tracking.service';
import { traktSeasonOf, type TraktCatalogueRepository } from './trakt-catalogue.repository';
import { hasAired, toTraktEpisodeFull, toTraktSeasonFull, toTraktShowFull } from './trakt-extended';
import { toTraktEpisode, toTraktSeason, toTraktShow, traktInstant } from './trakt-shapes';
import type { TraktRepository } from './trakt.repository';

/** Episode titles read for one text search (they are scored after). */
const EPISODE_CANDIDATES = 200;
/** Episode title matches under this score are noise. */
const EPISODE_MIN_SCORE = 25;

export type TraktSearchType = 'movie' | 'show' | 'episode' | 'person' | 'list';
export type TraktIdType = 'trakt' | 'imdb' | 'tmdb' | 'tvdb' | 'tvrage';

export interface TraktReadsServiceOptions {
  trakt: TraktRepository;
  catalogue: TraktCatalogueRepository;
  shows: Pick<ShowsService, 'detail'>;
  tracking: Pick<TrackingService, 'showProgress'>;
  search: Pick<SearchService, 'rankShows'>;
}

const bySeason = (episodes: EpisodeRow[]) => {
  const seasons = new Map<number, EpisodeRow[]>();
  for (const e of episodes) {
    const n = traktSeasonOf(e);
    const list = seasons.get(n);
    if (list) list.push(e);
    else seasons.set(n, [e]);
  }
  return seasons;
};

/**
 * Catalogue reads of the Trakt-compatible API (issue 27, ADR 172): show, season and episode
 * summaries, a member's watched progress (tracking's showProgress), text search (the search
 * service's typo-tolerant show ranking, plus episode titles) and id lookups.
 */
export function createTraktReadsService(opts: TraktReadsServiceOptions) {
  const { trakt, catalogue } = opts;

  async function requireShow(id: string): Promise<ShowRow> {
    const show = await trakt.showByPathId(id);
    if (!show) throw notFound(traktMessages.showNotFound);
    return show;
  }

  /** Episodes with their place (last of season, last of the show) for episode_type. */
  function fullEpisodes(all: EpisodeRow[], chosen: EpisodeRow[]) {
    const seasons = bySeason(all);
    const regular = all.filter((e) => traktSeasonOf(e) > 0);
    const lastOfShow = regular[regular.length - 1]?.id;
    return chosen.map((e) => {
      const season = seasons.get(traktSeasonOf(e)) ?? [];
      return toTraktEpisodeFull(e, {
        lastOfSeason: traktSeasonOf(e) > 0 && season[season.length - 1]?.id === e.id,
        lastOfShow: e.id === lastOfShow,
      });
    });
  }

  return {
    async show(id: string, full: boolean) {
      const show = await requireShow(id);
      if (!full) return toTraktShow(show);
      const [detail, episodes] = await Promise.all([
        opts.shows.detail(show.id),
        catalogue.episodesOf(show.id),
      ]);
      const aired = episodes.filter((e) => traktSeasonOf(e) > 0 && hasAired(e)).length;
      return toTraktShowFull(show, detail, aired);
    },

    /** `extended=episodes` adds each season's episodes; `full` the extended shapes. */
    async seasons(id: string, extended: { full: boolean; episodes: boolean }) {
      const show = await requireShow(id);
      const [episodes, rows] = await Promise.all([
        catalogue.episodesOf(show.id),
        catalogue.seasonsOf(show.id),
      ]);
      const seasonIds = new Map(rows.map((r) => [r.number, r.id]));
      const grouped = bySeason(episodes);
      // Extended episodes once for the whole show (their place in it is worked out once).
      const full = extended.full && extended.episodes ? fullEpisodes(episodes, episodes) : [];
      const fullById = new Map(full.map((e) => [e.ids.trakt, e]));
      for (const r of rows) if (!grouped.has(r.number)) grouped.set(r.number, []);
      return [...grouped.entries()]
        .sort(([a], [b]) => a - b)
        .map(([number, eps]) => ({
          ...(extended.full
            ? toTraktSeasonFull(number, seasonIds.get(number) ?? null, eps, show)
            : toTraktSeason(number, seasonIds.get(number) ?? null)),
          ...(extended.episodes
            ? {
                episodes: extended.full
                  ? eps.map((e) => fullById.get(e.id)!)
                  : eps.map((e) => toTraktEpisode(e)),
              }
            : {}),
        }));
    },

    async season(id: string, season: number, full: boolean) {
      const show = await requireShow(id);
      const episodes = await catalogue.episodesOf(show.id);
      const chosen = episodes.filter((e) => traktSeasonOf(e) === season);
      if (!chosen.length) throw notFound(traktMessages.seasonNotFound);
      return full ? fullEpisodes(episodes, chosen) : chosen.map((e) => toTraktEpisode(e));
    },

    async episode(id: string, season: number, number: number, full: boolean) {
      const show = await requireShow(id);
      const episode = await trakt.episodeByNumber(show.id, season, number);
      if (!episode) throw notFound(traktMessages.episodeNotFound);
      if (!full) return toTraktEpisode(episode);
      return fullEpisodes(await catalogue.episodesOf(show.id), [episode])[0]!;
    },

    /**
     * Trakt's watched progress of a show for the member: aired episodes (specials only with
     * `specials`, counted with `count_specials`), what they completed, the next episode by
     * tracking's rule and the last one they watched.
     */
    async progress(
      userId: number,
      id: string,
      params: { specials: boolean; countSpecials: boolean },
    ) {
      const show = await requireShow(id);
      const [progress, episodes] = await Promise.all([
        opts.tracking.showProgress(userId, show.id),
        catalogue.episodesOf(show.id),
      ]);
      const watchedAt = new Map(progress.data.map((d) => [d.episodeId, d.watchedAt]));
      const shown = episodes.filter(
        (e) => hasAired(e) && (params.specials || traktSeasonOf(e) > 0),
      );
      const seasons = [...bySeason(shown).entries()].map(([number, eps]) => ({
        number,
        title: number === 0 ? 'Specials' : `Season ${number}`,
        aired: eps.length,
        completed: eps.filter((e) => watchedAt.has(e.id)).length,
        episodes: eps.map((e) => ({
          number: e.episode_number ?? 0,
          completed: watchedAt.has(e.id),
          last_watched_at: traktInstant(watchedAt.get(e.id) ?? null),
        })),
      }));
      const counted = seasons.filter((s) => s.number > 0 || params.countSpecials);
      let last: { e: EpisodeRow; at: string } | null = null;
      for (const e of episodes) {
        const at = watchedAt.get(e.id);
        if (at && (!last || at > last.at)) last = { e, at };
      }
      const next =
        (progress.nextEpisodeId && episodes.find((e) => e.id === progress.nextEpisodeId)) ||
        (watchedAt.size === 0
          ? shown.find((e) => traktSeasonOf(e) > 0 && !watchedAt.has(e.id))
          : undefined);
      return {
        aired: counted.reduce((n, s) => n + s.aired, 0),
        completed: counted.reduce((n, s) => n + s.completed, 0),
        last_watched_at: traktInstant(last?.at ?? null),
        reset_at: null,
        seasons,
        hidden_seasons: [] as never[],
        next_episode: next ? toTraktEpisode(next) : null,
        last_episode: last ? toTraktEpisode(last.e) : null,
      };
    },

    /**
     * Text search: shows through the search service's ranking (typo-tolerant), episodes by
     * title; movies, people and lists are not in this catalogue (none). Best score first;
     * only the page asked for is read from the catalogue.
     */
    async searchText(
      types: TraktSearchType[],
      query: string,
      page: { offset: number; limit: number },
    ) {
      const hits: { type: 'show' | 'episode'; score: number; id: number; episode?: EpisodeRow }[] =
        [];
      if (types.includes('show'))
        for (const r of await opts.search.rankShows(query))
          hits.push({ type: 'show', score: r.score, id: r.id });
      if (types.includes('episode')) {
        const q = normalizeForSearch(query);
        for (const e of await catalogue.episodesByTitle(query.trim(), EPISODE_CANDIDATES)) {
          const score = q && e.title ? titleScore(q, normalizeForSearch(e.title)) : 0;
          if (score >= EPISODE_MIN_SCORE)
            hits.push({ type: 'episode', score, id: e.show_id, episode: e });
        }
      }
      hits.sort((a, b) => b.score - a.score);
      const chosen = hits.slice(page.offset, page.offset + page.limit);
      const shows = new Map(
        (await catalogue.showsByIds([...new Set(chosen.map((h) => h.id))])).map((s) => [s.id, s]),
      );
      const items = chosen.flatMap((h) => {
        const show = shows.get(h.id);
        if (!show) return [];
        return [
          {
            type: h.type,
            score: h.score,
            show: toTraktShow(show),
            ...(h.episode ? { episode: toTraktEpisode(h.episode) } : {}),
          },
        ];
      });
      return { total: hits.length, items };
    },

    /** Id lookup: shows by any id, episodes by their trakt id (they have no other ids here). */
    async searchId(idType: TraktIdType, id: string, types: TraktSearchType[] | null) {
      const wants = (t: TraktSearchType) => !types || types.includes(t);
      const out: {
        type: 'show' | 'episode';
        score: null;
        show: ReturnType<typeof toTraktShow>;
        episode?: ReturnType<typeof toTraktEpisode>;
      }[] = [];
      if (wants('show')) {
        const show = await trakt.showByIds({ [idType]: id });
        if (show) out.push({ type: 'show', score: null, show: toTraktShow(show) });
      }
      if (wants('episode') && idType === 'trakt' && /^\d{1,10}$/.test(id)) {
        const episode = await trakt.episodeById(Number(id));
        const show =
          episode && !episode.retired_at
            ? (await catalogue.showsByIds([episode.show_id]))[0]
            : undefined;
        if (episode && show)
          out.push({
            type: 'episode',
            score: null,
            episode: toTraktEpisode(episode),
            show: toTraktShow(show),
          });
      }
      return out;
    },
  };
}

export type TraktReadsService = ReturnType<typeof createTraktReadsService>;
