import type { ShowSummary } from '@series-tracker/contracts';
import { FormattedMessage } from 'react-intl';

/** 'Anime' or 'Series': the kind a show card names (the header says 'TV series'). */
export function ShowKind({ kind }: { kind: ShowSummary['kind'] }) {
  return kind === 'anime' ? (
    <FormattedMessage id="shows.kindAnime" defaultMessage="Anime" />
  ) : (
    <FormattedMessage id="shows.kindSeries" defaultMessage="Series" />
  );
}
