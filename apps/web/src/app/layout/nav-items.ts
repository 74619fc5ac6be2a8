export interface NavItem {
  label: string;
  to: string;
}

/**
 * Header navigation (spec §2): signed-in users browse at /browse and get a Watchlist.
 * The spec's Reviews link joins when that screen exists: until then its route shows
 * "Page Not Found", and no link may lead there (ADR 032).
 */
export function getNavItems(signedIn: boolean): NavItem[] {
  return signedIn
    ? [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/browse' },
        { label: 'Watchlist', to: '/watchlist' },
        { label: 'Lists', to: '/lists' },
      ]
    : [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/search' },
        { label: 'Lists', to: '/lists' },
      ];
}
