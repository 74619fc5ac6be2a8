export interface NavItem {
  label: string;
  to: string;
  /** Paths of the same section outside `to` (a review at /review/1 belongs to Reviews). */
  section?: string;
}

/**
 * Whether the link is the current section: its path or below (Home only on `/`), or its
 * `section` prefix. The header marks it highlighted and `aria-current="page"`, so a review at
 * /review/1 is announced under Reviews as it is shown.
 */
export function isCurrent(item: NavItem, pathname: string): boolean {
  const path = pathname.toLowerCase();
  if (item.to === '/') return path === '/';
  return (
    path === item.to ||
    path.startsWith(`${item.to}/`) ||
    (item.section !== undefined && path.startsWith(item.section))
  );
}

/**
 * Header navigation (spec §2): signed-in users browse at /browse and get a Watchlist.
 * The spec's Reviews and Lists links are here now that their screens exist; no link may lead
 * to a screen that is not built (ADR 032).
 */
export function getNavItems(signedIn: boolean): NavItem[] {
  return signedIn
    ? [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/browse' },
        { label: 'Watchlist', to: '/watchlist' },
        { label: 'Reviews', to: '/reviews', section: '/review/' },
        { label: 'Lists', to: '/lists', section: '/list/' },
      ]
    : [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/search' },
        { label: 'Reviews', to: '/reviews', section: '/review/' },
        { label: 'Lists', to: '/lists', section: '/list/' },
      ];
}
