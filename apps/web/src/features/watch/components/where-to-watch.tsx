import type { ShowWatch, WatchProvider } from '@series-tracker/contracts';
import {
  watchAttribution,
  watchOfferKinds,
  watchOfferLabels,
} from '@series-tracker/contracts/constants';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { browserCountry, useShowWatch, useWatchSettings } from '../api/watch';

/** "United Kingdom" for GB; the code itself where Intl has no name. */
export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Airs on HBO (United States)", "Streams on Netflix". */
export function channelLine(channel: NonNullable<ShowWatch['channel']>): string {
  const where = channel.country ? ` (${countryName(channel.country)})` : '';
  return `${channel.kind === 'network' ? 'Airs on' : 'Streams on'} ${channel.name}${where}`;
}

/**
 * The show page's "Where to watch" (ADR 182): the network or web channel always; with TMDB,
 * the providers in the member's country (saved, else the browser's) with TMDB's attribution.
 */
export function WhereToWatch({ showId }: { showId: number }) {
  const { status } = useAuth();
  const settings = useWatchSettings({ enabled: status === 'authenticated' });
  const waitingForSettings = status === 'authenticated' && settings.isPending;
  const country = settings.data?.country ?? browserCountry();
  const query = useShowWatch(showId, waitingForSettings ? null : country);
  const data = query.data;
  if (query.isPending || waitingForSettings) return <Skeleton className="mb-8 h-20 w-full" />;
  if (!data || (!data.channel && !data.providersEnabled)) return null;

  return (
    <section
      aria-labelledby="where-to-watch-heading"
      className="mb-8 rounded-2xl border border-slate-800 bg-slate-900/60 p-4 sm:p-5"
    >
      <h2 id="where-to-watch-heading" className="text-lg font-bold tracking-tight text-white">
        Where to watch
      </h2>
      {data.channel ? (
        <p className="mt-1 text-sm text-slate-300" dir="auto">
          {channelLine(data.channel)}
        </p>
      ) : null}
      {data.providersEnabled ? (
        <Providers data={data} signedIn={status === 'authenticated'} />
      ) : null}
    </section>
  );
}

function Providers({ data, signedIn }: { data: ShowWatch; signedIn: boolean }) {
  const where = data.country ? countryName(data.country) : null;
  let body;
  if (!data.country) {
    body = (
      <p className="text-sm text-slate-400">
        {signedIn ? (
          <>
            <Link to="/settings#watch-heading" className="text-violet-300 underline">
              Pick your country
            </Link>{' '}
            to see streaming services.
          </>
        ) : (
          'Sign in and pick your country to see streaming services.'
        )}
      </p>
    );
  } else if (data.status === 'pending') {
    body = <p className="text-sm text-slate-400">Looking up streaming services…</p>;
  } else if (!data.providers) {
    body = <p className="text-sm text-slate-400">No streaming offers known in {where}.</p>;
  } else {
    const offers = data.providers;
    body = (
      <>
        <dl className="space-y-3">
          {watchOfferKinds
            .filter((kind) => offers[kind].length > 0)
            .map((kind) => (
              <div key={kind} className="sm:flex sm:gap-3">
                <dt className="mb-1 w-32 shrink-0 text-xs font-semibold tracking-wide text-slate-400 uppercase sm:mt-1.5 sm:mb-0">
                  {watchOfferLabels[kind]}
                </dt>
                <dd className="flex flex-wrap gap-2">
                  {offers[kind].map((p) => (
                    <ProviderChip key={p.id} provider={p} />
                  ))}
                </dd>
              </div>
            ))}
        </dl>
        {offers.link ? (
          <a
            href={offers.link}
            target="_blank"
            rel="noreferrer noopener"
            className="mt-3 inline-flex min-h-6 items-center text-sm text-violet-300 underline-offset-2 hover:underline"
          >
            All offers in {where} on TMDB
          </a>
        ) : null}
      </>
    );
  }
  return (
    <div className="mt-4 border-t border-slate-800 pt-4">
      {where ? <p className="mb-3 text-sm font-medium text-slate-200">In {where}</p> : null}
      {body}
      <p className="mt-4 text-xs text-slate-400">
        {watchAttribution.justWatch}. {watchAttribution.tmdb}
      </p>
    </div>
  );
}

function ProviderChip({ provider }: { provider: WatchProvider }) {
  return (
    <span className="inline-flex min-h-8 items-center gap-2 rounded-full border border-slate-700 bg-slate-800/70 py-1 pr-3 pl-1 text-sm text-slate-100">
      {provider.logoUrl ? (
        <img
          src={provider.logoUrl}
          alt=""
          width={24}
          height={24}
          loading="lazy"
          className="size-6 rounded-full bg-slate-700"
          onError={(e) => {
            // Offline or gone: the name alone, with the chip's usual padding.
            e.currentTarget.style.display = 'none';
            e.currentTarget.parentElement?.style.setProperty('padding-left', '0.75rem');
          }}
        />
      ) : null}
      <span dir="auto">{provider.name}</span>
    </span>
  );
}
