export interface NavItem {
  label: string;
  to: string;
}

/**
 * Header navigation (spec §2): signed-in users browse at /browse and get a Watchlist.
 * The spec's Reviews and Lists links join when those screens exist: until then their
 * routes show "Page Not Found", and no link may lead there (ADR 032).
 */
export function getNavItems(signedIn: boolean): NavItem[] {
  return signedIn
    ? [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/browse' },
        { label: 'Watchlist', to: '/watchlist' },
      ]
    : [
        { label: 'Home', to: '/' },
        { label: 'Browse', to: '/search' },
      ];
}
