import type { ShowDetail } from '@series-tracker/contracts';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatAirDate, formatCount } from '@/lib/format';
import { scheduleText, showCountry, showLanguage } from './show-facts';

function externalLinks(show: ShowDetail, officialSite: string): { label: string; url: string }[] {
  const links: { label: string; url: string }[] = [];
  if (show.officialSite) links.push({ label: officialSite, url: show.officialSite });
  if (show.externalIds.tvmaze)
    links.push({
      label: 'TVmaze',
      url: `https://www.tvmaze.com/shows/${show.externalIds.tvmaze}`,
    });
  if (show.externalIds.imdb)
    links.push({
      label: 'IMDb',
      url: `https://www.imdb.com/title/${show.externalIds.imdb}/`,
    });
  if (show.externalIds.mal)
    links.push({
      label: 'MyAnimeList',
      url: `https://myanimelist.net/anime/${show.externalIds.mal}`,
    });
  if (show.externalIds.anilist)
    links.push({
      label: 'AniList',
      url: `https://anilist.co/anime/${show.externalIds.anilist}`,
    });
  if (show.externalIds.bangumi)
    links.push({
      label: 'Bangumi',
      url: `https://bgm.tv/subject/${show.externalIds.bangumi}`,
    });
  for (const link of show.watchLinks) links.push({ label: link.title || link.site, url: link.url });
  return links.filter((link) => /^https?:\/\//.test(link.url));
}

/**
 * Missing facts read 'Unknown' everywhere (one rule, so a blank never looks like a bug);
 * only a running show's last air date says 'Still airing' instead.
 */
export function ShowOverview({ show }: { show: ShowDetail }) {
  const { formatMessage } = useIntl();
  const synopsis = show.synopsis ?? show.description;
  const seasons = show.seasons ?? (show.seasonList.length > 0 ? show.seasonList.length : null);
  const lastAired =
    formatAirDate(show.endDate) ??
    (show.status === 'airing'
      ? formatMessage({ id: 'shows.stillAiring', defaultMessage: 'Still airing' })
      : null);
  const schedule = scheduleText(show.schedule);
  const links = externalLinks(
    show,
    formatMessage({ id: 'shows.officialSite', defaultMessage: 'Official site' }),
  );
  const fact = {
    firstAired: formatMessage({ id: 'shows.factFirstAired', defaultMessage: 'First Aired' }),
    lastAired: formatMessage({ id: 'shows.factLastAired', defaultMessage: 'Last Aired' }),
    seasons: formatMessage({ id: 'shows.factSeasons', defaultMessage: 'Seasons' }),
    director: formatMessage({ id: 'shows.factDirector', defaultMessage: 'Director' }),
    network: formatMessage({ id: 'shows.factNetwork', defaultMessage: 'Network' }),
    streaming: formatMessage({ id: 'shows.factStreaming', defaultMessage: 'Streaming' }),
    schedule: formatMessage({ id: 'shows.factSchedule', defaultMessage: 'Schedule' }),
    runtime: formatMessage({ id: 'shows.factRuntime', defaultMessage: 'Runtime' }),
    language: formatMessage({ id: 'shows.factLanguage', defaultMessage: 'Language' }),
    country: formatMessage({ id: 'shows.factCountry', defaultMessage: 'Country' }),
    totalUsers: formatMessage({ id: 'shows.factTotalUsers', defaultMessage: 'Total Users' }),
    reviews: formatMessage({ id: 'shows.factReviews', defaultMessage: 'Reviews' }),
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-8">
        <section aria-labelledby="synopsis-heading">
          <h2 id="synopsis-heading" className="text-lg font-semibold text-white">
            <FormattedMessage id="shows.synopsis" defaultMessage="Synopsis" />
          </h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-pretty text-slate-300">
            {synopsis || (
              <FormattedMessage
                id="shows.noSynopsis"
                defaultMessage="No synopsis available for this show yet."
              />
            )}
          </p>
        </section>

        {show.alternativeTitles.length > 0 || show.titleJapanese || show.titleOriginal ? (
          <section aria-labelledby="titles-heading">
            <h2 id="titles-heading" className="text-lg font-semibold text-white">
              <FormattedMessage id="shows.alsoKnownAs" defaultMessage="Also known as" />
            </h2>
            <p className="mt-2 text-sm leading-relaxed text-slate-400">
              {[show.titleJapanese, show.titleOriginal, ...show.alternativeTitles]
                .filter(
                  (title, index, all): title is string =>
                    Boolean(title) && all.indexOf(title) === index && title !== show.title,
                )
                .slice(0, 8)
                .join(' · ')}
            </p>
          </section>
        ) : null}

        {links.length > 0 ? (
          <section aria-labelledby="links-heading">
            <h2 id="links-heading" className="text-lg font-semibold text-white">
              <FormattedMessage id="shows.elsewhere" defaultMessage="Elsewhere" />
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {links.map((link) => (
                <li key={link.url}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1.5 rounded-lg border border-slate-700 bg-slate-900 px-3 py-1.5 text-sm text-slate-200 hover:border-slate-500 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
                  >
                    {link.label}
                    <ExternalLink aria-hidden className="size-3.5 text-slate-400" />
                    <span className="sr-only">
                      <FormattedMessage
                        id="shows.opensInNewTab"
                        defaultMessage="(opens in a new tab)"
                      />
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p className="text-xs leading-relaxed text-slate-500">{show.attribution}</p>
      </div>

      <aside className="space-y-6">
        <FactList title={formatMessage({ id: 'shows.details', defaultMessage: 'Details' })}>
          <Fact label={fact.firstAired} value={formatAirDate(show.startDate)} />
          <Fact label={fact.lastAired} value={lastAired} />
          <Fact label={fact.seasons} value={seasons !== null ? formatCount(seasons) : null} />
          <Fact label={fact.director} value={show.director} />
          {show.network ? <Fact label={fact.network} value={show.network} /> : null}
          {show.streamingService && show.streamingService !== show.network ? (
            <Fact label={fact.streaming} value={show.streamingService} />
          ) : null}
          {schedule ? <Fact label={fact.schedule} value={schedule} /> : null}
          {show.runtimeMinutes ? (
            <Fact
              label={fact.runtime}
              value={formatMessage(
                { id: 'shows.runtimeMinutes', defaultMessage: '{minutes, number} min' },
                { minutes: show.runtimeMinutes },
              )}
            />
          ) : null}
          {show.language ? (
            <Fact label={fact.language} value={showLanguage(show.language)} />
          ) : null}
          {show.country ? <Fact label={fact.country} value={showCountry(show.country)} /> : null}
        </FactList>
        <FactList title={formatMessage({ id: 'shows.community', defaultMessage: 'Community' })}>
          <Fact label={fact.totalUsers} value={formatCount(show.totalUsers)} />
          <Fact label={fact.reviews} value={formatCount(show.totalReviews)} />
        </FactList>
      </aside>
    </div>
  );
}

function FactList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-800 bg-slate-900/50 p-5" aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-slate-300 uppercase">{title}</h2>
      <dl className="mt-3 space-y-2.5 text-sm">{children}</dl>
    </section>
  );
}

/** One fact; a missing one (null) reads 'Unknown', dimmed. */
function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-slate-400">{label}</dt>
      <dd className={value === null ? 'text-end text-slate-500' : 'text-end text-slate-100'}>
        {value ?? <FormattedMessage id="shows.unknown" defaultMessage="Unknown" />}
      </dd>
    </div>
  );
}
