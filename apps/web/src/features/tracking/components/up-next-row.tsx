import { Check } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Carousel } from '@/components/ui/carousel';
import { CoverLink } from '@/components/ui/cover-link';
import { QueryErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { episodeDisplayTitle } from '@/features/episodes/components/episode-title';
import { episodeCode, formatAirDate } from '@/lib/format';
import { useSetEpisodeWatched } from '../api/progress';
import { useUpNext, type UpNextEntry } from '../api/up-next';
import { MyServicesToggle } from '@/features/watch/components/my-services-toggle';
import { useMyServices } from '@/features/watch/hooks/use-my-services';

/**
 * 'Up Next' on the home page: the next unseen aired episode of each show being watched.
 * Hidden when there is nothing to show; a failed load says so, with a retry (ADR 031).
 */
export function UpNextRow() {
  const myServices = useMyServices();
  const query = useUpNext({ services: myServices.params });
  const entries = query.data?.data ?? [];
  const { formatMessage } = useIntl();
  const heading = formatMessage({ id: 'tracking.upNext', defaultMessage: 'Up Next' });
  const toggle = <MyServicesToggle filter={myServices} id="up-next-my-services" />;
  if (query.isError) {
    return (
      <section aria-labelledby="up-next-heading">
        <h2
          id="up-next-heading"
          className="mb-4 text-xl font-bold tracking-tight text-white sm:text-2xl"
        >
          {heading}
        </h2>
        <QueryErrorState
          query={query}
          title={formatMessage({
            id: 'tracking.upNextLoadFailed',
            defaultMessage: 'Could not load your next episodes',
          })}
          headingLevel={3}
          className="py-8"
        />
      </section>
    );
  }
  if (entries.length === 0) {
    // Filtered down to nothing: keep the switch, so it can be turned off here.
    if (!myServices.on || query.isPending) return null;
    return (
      <section aria-labelledby="up-next-heading" className="space-y-3">
        <h2
          id="up-next-heading"
          className="text-xl font-bold tracking-tight text-white sm:text-2xl"
        >
          {heading}
        </h2>
        {toggle}
        <p className="text-sm text-slate-400">
          <FormattedMessage
            id="tracking.upNextNothingOnServices"
            defaultMessage="Nothing up next on your services."
          />
        </p>
      </section>
    );
  }
  return (
    <Carousel
      title={heading}
      headingId="up-next-heading"
      action={
        myServices.available ? (
          <MyServicesToggle filter={myServices} id="up-next-my-services" compact />
        ) : undefined
      }
    >
      {entries.map((entry) => (
        // Keyed by episode: once marked, the show's next episode arrives as a new card.
        <li
          key={`${entry.item.id}-${entry.episode.id}`}
          className="w-72 shrink-0 snap-start sm:w-80"
        >
          <UpNextCard entry={entry} />
        </li>
      ))}
    </Carousel>
  );
}

function UpNextCard({ entry }: { entry: UpNextEntry }) {
  const { item, episode } = entry;
  const mark = useSetEpisodeWatched();
  const { formatMessage } = useIntl();
  const title =
    item.show.title?.trim() ||
    formatMessage({ id: 'tracking.unknownShow', defaultMessage: 'Unknown Show' });
  const code = episodeCode(episode.seasonNumber, episode.episodeNumber);
  const aired = formatAirDate(episode.airDate);
  const episodes = item.show.episodes;
  return (
    <article className="flex h-full gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-3 transition-colors hover:border-slate-600">
      <CoverLink
        to={`/show/${item.showId}`}
        src={item.show.coverImageUrl}
        title={title}
        className="aspect-[2/3] w-20 rounded-lg"
        linkClassName="shrink-0"
      />
      <div className="flex min-w-0 flex-1 flex-col">
        <Link
          to={`/show/${item.showId}`}
          className="block truncate rounded py-1 text-xs font-semibold tracking-wide text-violet-300 uppercase hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {title}
        </Link>
        <h3 className="text-sm leading-6 font-semibold">
          <Link
            to={`/episode/${episode.id}`}
            className="line-clamp-2 rounded text-slate-100 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
          >
            {/* A spoiler for the member (ADR 181): "Episode N" until watched. */}
            <FormattedMessage
              id="tracking.codeThenTitle"
              defaultMessage="<muted>{code}</muted> {title}"
              values={{
                code,
                title: episodeDisplayTitle(episode, episode.spoiler),
                muted: (chunks) => <span className="text-slate-400">{chunks}</span>,
              }}
            />
          </Link>
        </h3>
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-slate-500">
          {aired ? (
            <span className="whitespace-nowrap">
              <FormattedMessage
                id="tracking.airedOn"
                defaultMessage="Aired {date}"
                values={{ date: aired }}
              />
            </span>
          ) : null}
          {episodes ? (
            <span className="whitespace-nowrap">
              <FormattedMessage
                id="tracking.fractionWatched"
                defaultMessage="{watched}/{total} watched"
                values={{ watched: item.progress, total: episodes }}
              />
            </span>
          ) : null}
        </p>
        <button
          type="button"
          disabled={mark.isPending || mark.isSuccess}
          aria-label={formatMessage(
            { id: 'tracking.markCodeOfShow', defaultMessage: 'Mark {code} of {title} as watched' },
            { code, title },
          )}
          onClick={() =>
            mark.mutate({ episodeId: episode.id, showId: item.showId, watched: true, code })
          }
          className="mt-auto inline-flex h-8 items-center justify-center gap-1.5 self-start rounded-lg bg-violet-600 px-3 text-xs font-semibold text-white hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400 disabled:opacity-60"
        >
          {mark.isPending ? (
            <Spinner className="size-3" />
          ) : (
            <Check aria-hidden className="size-3.5" strokeWidth={3} />
          )}
          {mark.isSuccess ? (
            <FormattedMessage id="tracking.watched" defaultMessage="Watched" />
          ) : (
            <FormattedMessage id="tracking.markAsWatched" defaultMessage="Mark as Watched" />
          )}
        </button>
      </div>
    </article>
  );
}
