import { defineMessages, type MessageDescriptor } from 'react-intl';

export interface NavItem {
  /** The link's text, formatted where it is drawn. */
  label: MessageDescriptor;
  to: string;
  /** Paths of the same section outside `to` (a review at /review/1 belongs to Reviews). */
  section?: string;
}

const labels = defineMessages({
  home: { id: 'app.nav.home', defaultMessage: 'Home' },
  browse: { id: 'app.nav.browse', defaultMessage: 'Browse' },
  watchlist: { id: 'app.nav.watchlist', defaultMessage: 'Watchlist' },
  reviews: { id: 'app.nav.reviews', defaultMessage: 'Reviews' },
  lists: { id: 'app.nav.lists', defaultMessage: 'Lists' },
});

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
        { label: labels.home, to: '/' },
        { label: labels.browse, to: '/browse' },
        { label: labels.watchlist, to: '/watchlist' },
        { label: labels.reviews, to: '/reviews', section: '/review/' },
        { label: labels.lists, to: '/lists', section: '/list/' },
      ]
    : [
        { label: labels.home, to: '/' },
        { label: labels.browse, to: '/search' },
        { label: labels.reviews, to: '/reviews', section: '/review/' },
        { label: labels.lists, to: '/lists', section: '/list/' },
      ];
}
