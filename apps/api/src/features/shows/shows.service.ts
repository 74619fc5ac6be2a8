import { trackingMessages, type ShowDetail, type ShowSummary } from '@series-tracker/contracts';
import { notFound } from '../../lib/errors';
import { toShowDetail, toShowSummary, toEpisode } from './shows.mapper';
import type { ListFilters, ShowRowWithStatus, ShowsRepository } from './shows.repository';
import { msg } from '../../lib/i18n/text';

export interface Page<T> {
  data: T[];
  total: number;
  limit: number;
  offset: number;
  hasMore: boolean;
}

export const page = <T>(data: T[], total: number, limit: number, offset: number): Page<T> => ({
  data,
  total,
  limit,
  offset,
  hasMore: offset + data.length < total,
});

export interface ShowsServiceOptions {
  repo: ShowsRepository;
  /** Called when a show page is opened, so stale metadata can refresh in the background. */
  onShowViewed?: (showId: number) => void;
  /** The rating a show page displays and where it comes from (reviews feature, ADR 070). */
  displayedRating?: (
    showId: number,
    catalogueRating: number | null,
  ) => Promise<{
    averageRating: number | null;
    ratingSource: 'members' | 'catalogue';
    ratingCount: number;
  }>;
}

export function createShowsService({ repo, onShowViewed, displayedRating }: ShowsServiceOptions) {
  async function summaries(rows: ShowRowWithStatus[]): Promise<ShowSummary[]> {
    const genres = await repo.genresFor(rows.map((r) => r.id));
    return rows.map((r) => toShowSummary(r, genres.get(r.id) ?? []));
  }

  async function genreName(genre: string): Promise<string | undefined> {
    const names = await repo.genreNames();
    return names.find((n) => n.toLowerCase() === genre.toLowerCase());
  }

  return {
    summaries,
    async summariesByIds(ids: number[]): Promise<ShowSummary[]> {
      return summaries(await repo.byIds(ids));
    },

    async cataloguePopular(limit: number): Promise<ShowSummary[]> {
      return summaries(await repo.cataloguePopular(limit));
    },

    async list(filters: ListFilters, limit: number, offset: number): Promise<Page<ShowSummary>> {
      const { rows, total } = await repo.list(filters, limit, offset);
      return page(await summaries(rows), total, limit, offset);
    },

    async byGenre(
      genre: string,
      limit: number,
      offset: number,
    ): Promise<Page<ShowSummary> & { genre: string }> {
      const name = await genreName(genre);
      if (!name) throw notFound(msg('shows.genreNotFound', { genre }));
      const { rows, total } = await repo.list({ genre: name, sort: 'popular' }, limit, offset);
      return { ...page(await summaries(rows), total, limit, offset), genre: name };
    },

    genres: () => repo.genreNames(),

    /** Which of these ids pass the filters (for search with filters). */
    async filterIds(filters: Omit<ListFilters, 'ids'>, ids: number[]): Promise<{ rows: number[] }> {
      return { rows: await repo.idsMatching(filters, ids) };
    },

    async detail(id: number): Promise<ShowDetail> {
      const row = await repo.findById(id);
      if (!row) throw notFound(trackingMessages.showNotFound);
      const [genres, titles, seasons] = await Promise.all([
        repo.genresFor([id]),
        repo.alternativeTitles(id),
        repo.seasons(id),
      ]);
      onShowViewed?.(id);
      const detail = toShowDetail(row, genres.get(id) ?? [], titles, seasons);
      if (!displayedRating) return detail;
      const rating = await displayedRating(id, row.rating);
      return {
        ...detail,
        averageRating: rating.averageRating,
        ratingSource: rating.ratingSource,
        memberRatingCount: rating.ratingCount,
        catalogueRating: row.rating,
      };
    },

    async similar(id: number, limit: number): Promise<ShowSummary[]> {
      const row = await repo.findById(id);
      if (!row) throw notFound(trackingMessages.showNotFound);
      return summaries(await repo.similar(row, limit));
    },

    async airingOn(date: string, limit: number, offset: number) {
      const { rows, total } = await repo.airingOn(date, limit, offset);
      const [list, episodes] = await Promise.all([
        summaries(rows),
        repo.episodesOn(
          rows.map((r) => r.id),
          date,
        ),
      ]);
      const byShow = new Map<number, ReturnType<typeof toEpisode>[]>();
      for (const e of episodes)
        byShow.set(e.show_id, [...(byShow.get(e.show_id) ?? []), toEpisode(e)]);
      return page(
        list.map((s) => ({ ...s, airingEpisodes: byShow.get(s.id) ?? [] })),
        total,
        limit,
        offset,
      );
    },
  };
}

export type ShowsService = ReturnType<typeof createShowsService>;
