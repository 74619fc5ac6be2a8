import type { CurrentUser } from '@series-tracker/contracts';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { AccountSection } from '@/features/account/components/account-section';
import { DangerZone } from '@/features/account/components/danger-zone';
import { PrivacySection, ProfileSection } from '@/features/account/components/profile-section';
import { SecuritySection } from '@/features/account/components/security-section';
import { SessionsSection } from '@/features/account/components/sessions-section';
import { SettingsSection } from '@/features/account/components/settings-section';
import { SignInCheckFailed } from '@/features/auth/components/sign-in-check-failed';
import { SsoSection } from '@/features/auth/components/sso-section';
import { useAuthProviders } from '@/features/auth/api/sso';
import { CalendarSection } from '@/features/calendar/components/calendar-section';
import { WatchSection } from '@/features/watch/components/watch-section';
import { SpoilersSection } from '@/features/spoilers/components/spoilers-section';
import { useSignedInPage } from '@/features/auth/hooks/use-require-sign-in';
import { pageTitle } from '@/lib/site';

const frame = 'mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10';
const heading = 'mb-6 text-3xl font-extrabold tracking-tight text-white sm:text-4xl';

/** Settings that have a screen of their own, linked from here. */
const linkedScreens = [
  {
    id: 'import-export',
    title: 'Import & export',
    to: '/settings/import',
    description:
      'Bring your history from Trakt, TV Time, MyAnimeList, IMDb or Simkl, and download everything you have here as JSON or CSV.',
  },
  {
    id: 'apps',
    title: 'Apps & devices',
    to: '/settings/apps',
    description:
      'Let Jellyfin, Plex, Emby or Kodi mark episodes as you watch them, and create API tokens for your own scripts.',
  },
];

/** /settings: signed-in only; visitors sign in and come straight back. */
export function SettingsRoute() {
  const { status, user, redirect } = useSignedInPage();
  // Signing out (or deleting the account) here returns to /; others are asked to sign in.
  if (redirect) return redirect;
  if (status === 'unavailable') {
    return (
      <div className={frame}>
        <title>{pageTitle('Settings')}</title>
        <h1 className={heading}>Settings</h1>
        <SignInCheckFailed what="your settings" />
      </div>
    );
  }
  if (status === 'loading' || !user) {
    return (
      <div className={frame} aria-busy="true">
        <title>{pageTitle('Settings')}</title>
        <h1 className={heading}>Settings</h1>
        <div className="space-y-6" aria-label="Loading settings">
          <Skeleton className="h-72 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    );
  }
  return <SettingsPage key={user.id} user={user} />;
}

function SettingsPage({ user }: { user: CurrentUser }) {
  const sso = useAuthProviders().data?.oidc ?? null;
  return (
    <div className={frame}>
      <title>{pageTitle('Settings')}</title>
      <h1 className={heading}>Settings</h1>
      <nav aria-label="Settings sections" className="mb-6 flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {[
          ['#profile-heading', 'Profile'],
          ['#privacy-heading', 'Privacy'],
          ['#account-heading', 'Account'],
          ['#security-heading', 'Security'],
          ['#sessions-heading', 'Sessions'],
          ...(sso ? [['#sso-heading', 'Single sign-on']] : []),
          ['#calendar-heading', 'Calendar & alerts'],
          ['#watch-heading', 'Where to watch'],
          ['#spoilers-heading', 'Spoilers'],
          ['#import-export-heading', 'Import & export'],
          ['#apps-heading', 'Apps & devices'],
          ['#danger-heading', 'Danger zone'],
        ].map(([href, label]) => (
          <a
            key={href}
            href={href}
            className="inline-flex min-h-6 items-center rounded text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            {label}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        <ProfileSection user={user} />
        <PrivacySection user={user} />
        <AccountSection user={user} />
        <SecuritySection />
        <SessionsSection />
        <SsoSection />
        <CalendarSection />
        <WatchSection />
        <SpoilersSection />
        {/* Screens of their own: imports (issue 13), media-server webhooks and API tokens (issue 22). */}
        {linkedScreens.map((screen) => (
          <SettingsSection
            key={screen.id}
            id={screen.id}
            title={screen.title}
            description={screen.description}
          >
            <Link to={screen.to} className={buttonStyles({ variant: 'secondary' })}>
              Open {screen.title}
            </Link>
          </SettingsSection>
        ))}
        <DangerZone />
      </div>
    </div>
  );
}
