import type { ShowWatch, WatchProvider } from '@series-tracker/contracts';
import { watchOfferKinds, watchOfferLabels } from '@series-tracker/contracts/constants';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';
import { intl, perLocale } from '@/i18n';
import { contractText } from '@/i18n/contract-text';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { browserCountry, useShowWatch, useWatchSettings } from '../api/watch';

const regionNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: 'region' }));

/** "United Kingdom" for GB, in the interface's language; the code itself where Intl has no name. */
export function countryName(code: string): string {
  try {
    return regionNames().of(code) ?? code;
  } catch {
    return code;
  }
}

/** "Airs on HBO (United States)", "Streams on Netflix". */
export function channelLine(channel: NonNullable<ShowWatch['channel']>): string {
  const { formatMessage } = intl();
  const values = {
    name: channel.name,
    country: channel.country ? countryName(channel.country) : '',
  };
  if (channel.kind === 'network')
    return channel.country
      ? formatMessage(
          { id: 'watch.airsOnIn', defaultMessage: 'Airs on {name} ({country})' },
          values,
        )
      : formatMessage({ id: 'watch.airsOn', defaultMessage: 'Airs on {name}' }, values);
  return channel.country
    ? formatMessage(
        { id: 'watch.streamsOnIn', defaultMessage: 'Streams on {name} ({country})' },
        values,
      )
    : formatMessage({ id: 'watch.streamsOn', defaultMessage: 'Streams on {name}' }, values);
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
        <FormattedMessage id="watch.heading" defaultMessage="Where to watch" />
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

const settingsLink = (chunks: ReactNode[]) => (
  <Link to="/settings#watch-heading" className="text-violet-300 underline">
    {chunks}
  </Link>
);

function Providers({ data, signedIn }: { data: ShowWatch; signedIn: boolean }) {
  const where = data.country ? countryName(data.country) : null;
  let body;
  if (!data.country) {
    body = (
      <p className="text-sm text-slate-400">
        {signedIn ? (
          <FormattedMessage
            id="watch.pickCountry"
            defaultMessage="<link>Pick your country</link> to see streaming services."
            values={{ link: settingsLink }}
          />
        ) : (
          <FormattedMessage
            id="watch.signInAndPickCountry"
            defaultMessage="Sign in and pick your country to see streaming services."
          />
        )}
      </p>
    );
  } else if (data.status === 'pending') {
    body = (
      <p className="text-sm text-slate-400">
        <FormattedMessage id="watch.lookingUp" defaultMessage="Looking up streaming services…" />
      </p>
    );
  } else if (!data.providers) {
    body = (
      <p className="text-sm text-slate-400">
        <FormattedMessage
          id="watch.noOffers"
          defaultMessage="No streaming offers known in {country}."
          values={{ country: where }}
        />
      </p>
    );
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
                  {contractText(watchOfferLabels[kind])}
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
            <FormattedMessage
              id="watch.allOffers"
              defaultMessage="All offers in {country} on TMDB"
              values={{ country: where }}
            />
          </a>
        ) : null}
      </>
    );
  }
  return (
    <div className="mt-4 border-t border-slate-800 pt-4">
      {where ? (
        <p className="mb-3 text-sm font-medium text-slate-200">
          <FormattedMessage
            id="watch.inCountry"
            defaultMessage="In {country}"
            values={{ country: where }}
          />
        </p>
      ) : null}
      {body}
      <p className="mt-4 text-xs text-slate-400">
        {/* TMDB's terms ask for this notice (contracts' watchAttribution is its English). */}
        <FormattedMessage
          id="watch.attribution"
          defaultMessage="Watch provider data by JustWatch. This product uses the TMDB API but is not endorsed or certified by TMDB."
        />
      </p>
    </div>
  );
}

function ProviderChip({ provider }: { provider: WatchProvider }) {
  return (
    <span className="inline-flex min-h-8 items-center gap-2 rounded-full border border-slate-700 bg-slate-800/70 py-1 ps-1 pe-3 text-sm text-slate-100">
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
            e.currentTarget.parentElement?.style.setProperty('padding-inline-start', '0.75rem');
          }}
        />
      ) : null}
      <span dir="auto">{provider.name}</span>
    </span>
  );
}
