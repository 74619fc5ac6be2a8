import { Heart, MonitorPlay, Search } from 'lucide-react';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { siteSlogan } from '@/lib/site';
import { BrandName } from '../layout/brand';

/**
 * What the product does today. Only built features are promised here: reviews, lists and
 * following join this list when they land (ADR 032).
 */
const texts = defineMessages({
  trackTitle: { id: 'home.feature.trackTitle', defaultMessage: 'Track every episode' },
  trackText: {
    id: 'home.feature.trackText',
    defaultMessage:
      'Keep a watchlist of what you are watching, plan to watch and finished, and mark episodes as you see them.',
  },
  findTitle: { id: 'home.feature.findTitle', defaultMessage: 'Find any show' },
  findText: {
    id: 'home.feature.findText',
    defaultMessage:
      'Search thousands of TV series and anime by any of their titles, or browse by genre and status.',
  },
  nextTitle: { id: 'home.feature.nextTitle', defaultMessage: 'Never miss what is next' },
  nextText: {
    id: 'home.feature.nextText',
    defaultMessage:
      'See the next episode of each show you watch, what airs today, and keep your favourites close.',
  },
});

const features = [
  { icon: MonitorPlay, title: texts.trackTitle, text: texts.trackText },
  { icon: Search, title: texts.findTitle, text: texts.findText },
  { icon: Heart, title: texts.nextTitle, text: texts.nextText },
] as const;

export /** Brand, slogan and what the product does; with sign-up buttons for visitors. */
function Welcome({
  signedIn,
  name,
  greeting = null,
  boxed = false,
  withBrowse = false,
}: {
  signedIn: boolean;
  name: string | null;
  /** 'Welcome, Ann' or 'Welcome back, Ann' (lib/welcome), for a signed-in member. */
  greeting?: string | null;
  boxed?: boolean;
  withBrowse?: boolean;
}) {
  const intl = useIntl();
  return (
    <section
      aria-labelledby="welcome-heading"
      className={
        boxed
          ? 'rounded-2xl border border-slate-800 bg-gradient-to-br from-violet-950/40 via-slate-900/60 to-slate-950 px-6 py-10 sm:px-10'
          : 'border-b border-slate-800/60 px-4 py-14 sm:px-6'
      }
    >
      <div className="mx-auto max-w-3xl text-center">
        <h2 id="welcome-heading" className="text-3xl font-extrabold tracking-tight sm:text-4xl">
          {signedIn && name ? (
            (greeting ??
            intl.formatMessage(
              { id: 'home.welcomeBack', defaultMessage: 'Welcome back, {name}' },
              { name },
            ))
          ) : (
            <BrandName className="font-extrabold" />
          )}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl leading-relaxed text-pretty text-slate-300">
          {siteSlogan()}
        </p>
      </div>
      <ul className="mx-auto mt-8 grid max-w-5xl gap-4 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title.id} className="rounded-xl border border-slate-800 bg-slate-900/50 p-5">
            <Icon aria-hidden className="size-5 text-violet-300" />
            <h3 className="mt-3 text-sm font-semibold text-white">{intl.formatMessage(title)}</h3>
            <p className="mt-1 text-sm leading-relaxed text-slate-400">
              {intl.formatMessage(text)}
            </p>
          </li>
        ))}
      </ul>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {!signedIn ? (
          <>
            <Link to="/register" className={buttonStyles({ size: 'lg' })}>
              <FormattedMessage id="home.signUp" defaultMessage="Sign Up" />
            </Link>
            <Link to="/login" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
              <FormattedMessage id="home.signIn" defaultMessage="Sign In" />
            </Link>
          </>
        ) : null}
        {withBrowse ? (
          <Link
            to="/search"
            className={buttonStyles({ size: 'lg', variant: signedIn ? 'primary' : 'ghost' })}
          >
            {signedIn ? (
              <FormattedMessage id="home.startTracking" defaultMessage="Start Tracking" />
            ) : (
              <FormattedMessage id="home.browseShows" defaultMessage="Browse Shows" />
            )}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
