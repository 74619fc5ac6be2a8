export interface NavItem {
  label: string;
  to: string;
}

/** Header navigation (spec §2): signed-in users browse at /browse and get a Watchlist. */
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
