import type { Readable } from 'node:stream';
import { intId, utcInstant, type ImportRecord } from '../import-records';
import { csvRows } from './csv';

/**
 * TV Time GDPR export (format notes §2): one CSV per internal table, recognised by file name
 * (a whitelist: access_token.csv and auth-prod-login.csv are never opened), columns by header
 * name in any order. Shows and episodes carry TheTVDB ids only. Times carry no zone and are
 * read as UTC (the report says so).
 */
export const tvtimeFiles = [
  'tracking-prod-records-v2.csv',
  'tracking-prod-records.csv',
  'followed_tv_show.csv',
  'seen_episode.csv',
  'ratings-live-votes.csv',
  'lists-prod-lists.csv',
] as const;

/** Rating ids of TV Time's stars_wording_scalev2 set → our 1-10 score. */
export const tvtimeRatings: Record<string, number> = { '1': 2, '27': 4, '28': 6, '29': 8, '3': 10 };

export const tvtimeUtcNote =
  'TV Time times carry no time zone; they were read as UTC (the evidence in its exports points to UTC).';

/** Which TV Time file a header belongs to, when the name is unknown (a lone CSV upload). */
export function tvtimeKindOfHeader(header: string[]): (typeof tvtimeFiles)[number] | null {
  const has = (c: string) => header.includes(c);
  if (has('key') && (has('s_id') || has('series_name') || has('ep_watch_count')))
    return 'tracking-prod-records-v2.csv';
  if (has('type-uuid-n')) return 'tracking-prod-records.csv';
  if (has('notification_offset') || (has('tv_show_id') && has('tv_show_name')))
    return 'followed_tv_show.csv';
  if (has('episode_season_number') && has('tv_show_name')) return 'seen_episode.csv';
  if (has('vote_key')) return 'ratings-live-votes.csv';
  if (has('s_key') && has('objects')) return 'lists-prod-lists.csv';
  return null;
}

const int = (v: string | undefined): number | null => {
  if (v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
};
const truthy = (v: string | undefined) => v === 'true' || v === '1' || v === 'TRUE';

export async function* parseTvTimeFile(
  kind: (typeof tvtimeFiles)[number],
  input: Readable,
  name: string,
): AsyncGenerator<ImportRecord> {
  for await (const r of csvRows(input, name)) {
    switch (kind) {
      case 'tracking-prod-records-v2.csv': {
        const key = r.key ?? '';
        const show = { title: r.series_name || null, year: null, ids: { tvdb: intId(r.s_id) } };
        if (key.startsWith('watch-episode-')) {
          const watchedAt = utcInstant(r.created_at);
          const season = int(r.s_no) ?? int(r.season_number);
          const number = int(r.ep_no) ?? int(r.episode_number);
          if (!watchedAt || !show.ids.tvdb) {
            yield { kind: 'skip', what: 'unreadableRows' };
            continue;
          }
          const tvdbEpisode = intId(r.ep_id);
          yield {
            kind: 'play',
            show,
            season: truthy(r.is_special) && season === null ? 0 : season,
            number,
            watchedAt,
            ...(tvdbEpisode ? { tvdbEpisode } : {}),
          };
        } else if (key.startsWith('user-series-')) {
          if (!show.ids.tvdb) continue;
          const followedAt = utcInstant(r.followed_at) ?? utcInstant(r.created_at);
          if (truthy(r.is_archived))
            yield { kind: 'show', show, status: 'dropped', addedAt: followedAt };
          else if (truthy(r.is_for_later))
            yield { kind: 'show', show, status: 'want_to_watch', addedAt: followedAt };
          else if (truthy(r.is_followed))
            yield { kind: 'show', show, tracked: true, addedAt: followedAt };
        } else if (key.startsWith('watch-movie') || r.movie_name) {
          yield { kind: 'skip', what: 'movies' };
        }
        break;
      }
      case 'tracking-prod-records.csv': {
        if (r.entity_type === 'movie') {
          yield { kind: 'skip', what: 'movies' };
          continue;
        }
        if (r.entity_type !== 'episode' || (r.type !== 'watch' && r.type !== 'rewatch')) continue;
        const watchedAt = utcInstant(r.watch_date) ?? utcInstant(r.created_at);
        const tvdb = intId(r.series_id);
        if (!watchedAt || !tvdb) continue;
        yield {
          kind: 'play',
          show: { title: r.series_name || null, year: null, ids: { tvdb } },
          season: int(r.season_number),
          number: int(r.episode_number),
          watchedAt,
          ...(intId(r.episode_id) ? { tvdbEpisode: intId(r.episode_id)! } : {}),
        };
        break;
      }
      case 'followed_tv_show.csv': {
        const tvdb = intId(r.tv_show_id);
        if (!tvdb) continue;
        yield {
          kind: 'show',
          show: { title: r.tv_show_name || null, year: null, ids: { tvdb } },
          ...(truthy(r.archived) ? { status: 'dropped' as const } : {}),
          tracked: true,
          addedAt: utcInstant(r.created_at),
        };
        break;
      }
      case 'seen_episode.csv': {
        // The pre-2024 log names the show only by title (no series id, no year).
        const watchedAt = utcInstant(r.updated_at) ?? utcInstant(r.created_at);
        if (!watchedAt || !r.tv_show_name) continue;
        yield {
          kind: 'play',
          show: { title: r.tv_show_name, year: null, ids: {} },
          season: int(r.episode_season_number),
          number: int(r.episode_number),
          watchedAt,
        };
        break;
      }
      case 'ratings-live-votes.csv': {
        // Votes name episodes (TheTVDB episode ids) or movies (`episode_id` 0). An episode
        // vote is found through the file's own watch rows (they carry the same ids).
        const score = tvtimeRatings[(r.vote_key ?? '').split('-').pop() ?? ''];
        if (!score) continue;
        const tvdbEpisode = intId(r.episode_id);
        if (!tvdbEpisode) yield { kind: 'skip', what: 'movies' };
        else
          yield {
            kind: 'episode-rating',
            show: null,
            season: null,
            number: null,
            tvdbEpisode,
            rating: score,
            ratedAt: null,
          };
        break;
      }
      case 'lists-prod-lists.csv': {
        const items = [...(r.objects ?? '').matchAll(/map\[([^\]]*)\]/g)].flatMap((m) => {
          const fields = Object.fromEntries(
            [...m[1]!.matchAll(/(\w+):(\S+)/g)].map((f) => [f[1], f[2]]),
          );
          const tvdb = fields.type === 'series' ? intId(fields.id) : undefined;
          return tvdb ? [{ tvdb }] : [];
        });
        if (!r.name && !items.length) continue;
        yield {
          kind: 'list',
          key: `tvtime:${r.s_key || r.name}`,
          name: r.name || 'TV Time list',
          description: r.description || null,
          createdAt: utcInstant(r.created_at),
          items: items.map((ids, i) => ({
            show: { title: null, year: null, ids },
            rank: i + 1,
            note: null,
          })),
        };
        break;
      }
    }
  }
}
