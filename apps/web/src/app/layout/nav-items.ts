export interface NavItem {
  label: string;
  to: string;
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
        { label: 'Reviews', to: '/reviews' },
        { label: 'Lists', to: '/lists' },
      ]
    : [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/search' },
        { label: 'Reviews', to: '/reviews' },
        { label: 'Lists', to: '/lists' },
      ];
}
