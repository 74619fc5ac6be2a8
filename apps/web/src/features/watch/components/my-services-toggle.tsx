import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import type { MyServicesFilter } from '../hooks/use-my-services';

const changeLink = (chunks: ReactNode[]) => (
  <Link
    to="/settings#watch-heading"
    className="inline-flex min-h-6 items-center text-violet-300 underline-offset-2 hover:underline"
  >
    {chunks}
  </Link>
);

/**
 * The "On my services" switch of a listing. Hidden until the member has picked services in
 * Settings; while on, it says what the match is based on.
 */
export function MyServicesToggle({
  filter,
  id,
  compact = false,
}: {
  filter: MyServicesFilter;
  id: string;
  /** In a row's header: the switch alone, without the line on what it matches. */
  compact?: boolean;
}) {
  if (!filter.available) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label htmlFor={id} className="inline-flex min-h-6 cursor-pointer items-center gap-2">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={filter.on}
          checked={filter.on}
          onChange={(e) => filter.setOn(e.target.checked)}
          className="size-5 accent-violet-500"
        />
        <span className="font-medium text-slate-200">
          <FormattedMessage id="watch.onMyServices" defaultMessage="On my services" />
        </span>
      </label>
      {filter.on && !compact ? (
        <span className="text-slate-400">
          {filter.byProviders ? (
            <FormattedMessage
              id="watch.matchByProviders"
              defaultMessage="Streaming on your services in your country, or made by them. <link>Change services</link>"
              values={{ link: changeLink }}
            />
          ) : (
            <FormattedMessage
              id="watch.matchByName"
              defaultMessage="Matched by network or streaming service name (no provider data). <link>Change services</link>"
              values={{ link: changeLink }}
            />
          )}
        </span>
      ) : null}
    </div>
  );
}
