import type { ShowDetail } from '@series-tracker/contracts';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatAirDate, formatCount } from '@/lib/format';

/**
 * Missing facts read 'Unknown' everywhere (one rule, so a blank never looks like a bug);
 * only a running show's last air date says 'Still airing' instead.
 */
export const UNKNOWN = 'Unknown';

function scheduleText(schedule: ShowDetail['schedule']): string | null {
  if (!schedule || schedule.days.length === 0) return null;
  const days = schedule.days.map((day) => `${day}s`).join(', ');
  const time = schedule.time ? ` at ${schedule.time}` : '';
  const zone = schedule.timezone ? ` (${schedule.timezone.replace(/_/g, ' ')})` : '';
  return `${days}${time}${zone}`;
}

function externalLinks(show: ShowDetail): { label: string; url: string }[] {
  const links: { label: string; url: string }[] = [];
  if (show.officialSite) links.push({ label: 'Official site', url: show.officialSite });
  if (show.externalIds.tvmaze)
    links.push({ label: 'TVmaze', url: `https://www.tvmaze.com/shows/${show.externalIds.tvmaze}` });
  if (show.externalIds.imdb)
    links.push({ label: 'IMDb', url: `https://www.imdb.com/title/${show.externalIds.imdb}/` });
  if (show.externalIds.mal)
    links.push({
      label: 'MyAnimeList',
      url: `https://myanimelist.net/anime/${show.externalIds.mal}`,
    });
  if (show.externalIds.anilist)
    links.push({ label: 'AniList', url: `https://anilist.co/anime/${show.externalIds.anilist}` });
  if (show.externalIds.bangumi)
    links.push({ label: 'Bangumi', url: `https://bgm.tv/subject/${show.externalIds.bangumi}` });
  for (const link of show.watchLinks) links.push({ label: link.title || link.site, url: link.url });
  return links.filter((link) => /^https?:\/\//.test(link.url));
}

export function ShowOverview({ show }: { show: ShowDetail }) {
  const synopsis = show.synopsis ?? show.description;
  const seasons = show.seasons ?? (show.seasonList.length > 0 ? show.seasonList.length : null);
  const lastAired =
    formatAirDate(show.endDate) ?? (show.status === 'airing' ? 'Still airing' : UNKNOWN);
  const schedule = scheduleText(show.schedule);
  const links = externalLinks(show);

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div className="space-y-8">
        <section aria-labelledby="synopsis-heading">
          <h2 id="synopsis-heading" className="text-lg font-semibold text-white">
            Synopsis
          </h2>
          <p className="mt-2 leading-relaxed whitespace-pre-line text-pretty text-slate-300">
            {synopsis || 'No synopsis available for this show yet.'}
          </p>
        </section>

        {show.alternativeTitles.length > 0 || show.titleJapanese || show.titleOriginal ? (
          <section aria-labelledby="titles-heading">
            <h2 id="titles-heading" className="text-lg font-semibold text-white">
              Also known as
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
              Elsewhere
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
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <p className="text-xs leading-relaxed text-slate-500">{show.attribution}</p>
      </div>

      <aside className="space-y-6">
        <FactList title="Details">
          <Fact label="First Aired" value={formatAirDate(show.startDate) ?? UNKNOWN} />
          <Fact label="Last Aired" value={lastAired} />
          <Fact label="Seasons" value={seasons !== null ? String(seasons) : UNKNOWN} />
          <Fact label="Director" value={show.director ?? UNKNOWN} />
          {show.network ? <Fact label="Network" value={show.network} /> : null}
          {show.streamingService && show.streamingService !== show.network ? (
            <Fact label="Streaming" value={show.streamingService} />
          ) : null}
          {schedule ? <Fact label="Schedule" value={schedule} /> : null}
          {show.runtimeMinutes ? (
            <Fact label="Runtime" value={`${show.runtimeMinutes} min`} />
          ) : null}
          {show.language ? <Fact label="Language" value={show.language} /> : null}
          {show.country ? <Fact label="Country" value={show.country} /> : null}
        </FactList>
        <FactList title="Community">
          <Fact label="Total Users" value={formatCount(show.totalUsers)} />
          <Fact label="Reviews" value={formatCount(show.totalReviews)} />
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

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-slate-400">{label}</dt>
      <dd className={value === UNKNOWN ? 'text-right text-slate-500' : 'text-right text-slate-100'}>
        {value}
      </dd>
    </div>
  );
}
