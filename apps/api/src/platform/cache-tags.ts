/**
 * Cache tags (ADR 060, ADR 184): what a cached response depends on, so a domain event can drop
 * exactly those entries. They belong to the platform: feature routes name them in their route
 * config (`config.cache.tags`) and handlers add them (`tagResponse`); the HTTP cache
 * (plugins/response-cache.ts) keeps the entries and drops them on the events.
 */
export const cacheTags = {
  /** Anything showing this show's own data: its page, episodes, similar shows, an episode page. */
  show: (id: number | string) => `show:${Number(id)}`,
  /** Platform figures (GET /api/stats/global). */
  stats: 'stats',
  /** Answers that list users (global search). */
  users: 'users',
  /** Community list pages (index, popular, recent, search, a show's lists). */
  lists: 'lists',
  /** Answers that list public reviews (review search, global search). */
  reviews: 'reviews',
  /** One list's anonymous detail and item pages. */
  list: (id: number | string) => `list:${Number(id)}`,
  /** A member's profile as anyone sees it (their counts; the viewer's follow and block state). */
  person: (id: number | string) => `person:${Number(id)}`,
  /** One signed-in member's home feed (activity of the people they follow). */
  feed: (viewerId: number | string) => `feed:${Number(viewerId)}`,
  /** The community feed (everyone's visible activity), anonymous or per viewer. */
  communityFeed: 'community-feed',
  /** Every cached feed: they show members' names and avatars and shows' titles and posters. */
  feeds: 'feeds',
  /**
   * What a member's own tracking reads back as, kept per viewer: their history, Up Next and
   * statistics (as they or others see them). Dropped by their marks, plays, ratings, watchlist
   * changes and settings (ADR 091, issue 32).
   */
  mine: (userId: number | string) => `mine:${Number(userId)}`,
  /** Every `mine` answer: they show shows' titles and episodes (dropped by catalogue refreshes). */
  tracked: 'tracked',
  /** Show searches: dropped when shows join the catalogue (TVmaze search, lookups, sync). */
  showSearch: 'show-search',
} as const;

/** The part of a request's cache state a handler may add to (the plugin keeps the rest). */
interface TaggableRequest {
  responseCacheState?: { tags: string[] } | null;
}

/** Adds tags to the cached response of this request (e.g. the show an episode belongs to). */
export function tagResponse(request: TaggableRequest, ...tags: string[]): void {
  request.responseCacheState?.tags.push(...tags);
}

/** What a route's `config.cache` needs to keep a member's own page (see ownPages). */
interface OwnPagesCache {
  ttlSeconds: number;
  perViewer: true;
  tags: (request: { auth: { user: { id: number } } | null; params: unknown }) => string[];
}

/**
 * The cache config of a member's own tracking pages (history, Up Next, statistics; issue 32):
 * each viewer's answer under their own key (ADR 091), dropped by the owner's changes
 * (`mine`), shows' refreshes (`tracked`) and, where others may look (`public`), whatever moves
 * the profile's visibility to them (`person`: privacy, follows, blocks).
 */
export function ownPages(
  ttlSeconds: number,
  ownerOf: (request: { auth: { user: { id: number } } | null; params: unknown }) => number | string,
  options: { public?: boolean } = {},
): OwnPagesCache {
  return {
    ttlSeconds,
    perViewer: true,
    tags: (request) => {
      const owner = ownerOf(request);
      const tags = [cacheTags.mine(owner), cacheTags.tracked];
      if (options.public) tags.push(cacheTags.person(owner));
      return tags;
    },
  };
}
