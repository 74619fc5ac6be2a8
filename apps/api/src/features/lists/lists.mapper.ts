import type { ListDetail, ListItem, ListSummary } from '@series-tracker/contracts';
import type { ListItemWithShow, ListSummaryRow } from './lists.repository';

interface CoverJson {
  showId: number;
  title: string;
  coverImageUrl: string | null;
}

function parseCovers(v: ListSummaryRow['covers']): CoverJson[] {
  const arr = typeof v === 'string' ? (JSON.parse(v) as unknown[]) : (v ?? []);
  return (arr as CoverJson[])
    .filter((c) => c && c.showId != null)
    .map((c) => ({
      showId: Number(c.showId),
      title: String(c.title),
      coverImageUrl: c.coverImageUrl ?? null,
    }));
}

/** The only way a list row leaves the server. */
export function toListSummary(r: ListSummaryRow): ListSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    isRanked: Boolean(r.is_ranked),
    isPublic: Boolean(r.is_public),
    itemCount: Number(r.item_count),
    followersCount: Number(r.followers_count),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    user: {
      id: r.user_id,
      username: r.u_username,
      displayName: r.u_display_name,
      avatarUrl: r.u_avatar_url,
    },
    covers: parseCovers(r.covers),
    ...(r.has_show !== undefined ? { hasShow: Boolean(r.has_show) } : {}),
    moderation: r.removed_at
      ? { state: 'removed', reason: r.moderation_reason ?? null }
      : r.hidden_at
        ? { state: 'hidden', reason: r.moderation_reason ?? null }
        : null,
  };
}

export function toListDetail(r: ListSummaryRow): ListDetail {
  const { hasShow: _ignored, ...summary } = toListSummary(r);
  void _ignored;
  return { ...summary, isFollowing: Boolean(r.is_following) };
}

export function toListItem(r: ListItemWithShow, ranked: boolean): ListItem {
  return {
    id: r.id,
    listId: r.list_id,
    showId: r.show_id,
    position: ranked ? r.position : null,
    notes: r.notes,
    addedAt: r.added_at,
    show: {
      id: r.show_id,
      title: r.s_title,
      titleEnglish: r.s_title_english,
      coverImageUrl: r.s_poster_url,
      episodes: r.s_episode_count,
      status: r.s_status,
    },
  };
}
