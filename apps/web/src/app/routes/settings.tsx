import type { CurrentUser } from '@series-tracker/contracts';
import { defineMessages, useIntl } from 'react-intl';
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
import { LanguageSelect } from '@/app/layout/language-select';

const frame = 'mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-10';
const heading = 'mb-6 text-3xl font-extrabold tracking-tight text-white sm:text-4xl';

const labels = defineMessages({
  settings: { id: 'settings.title', defaultMessage: 'Settings' },
  profile: { id: 'settings.navProfile', defaultMessage: 'Profile' },
  privacy: { id: 'settings.navPrivacy', defaultMessage: 'Privacy' },
  language: { id: 'settings.navLanguage', defaultMessage: 'Language' },
  account: { id: 'settings.navAccount', defaultMessage: 'Account' },
  security: { id: 'settings.navSecurity', defaultMessage: 'Security' },
  sessions: { id: 'settings.navSessions', defaultMessage: 'Sessions' },
  sso: { id: 'settings.navSso', defaultMessage: 'Single sign-on' },
  calendar: { id: 'settings.navCalendar', defaultMessage: 'Calendar & alerts' },
  watch: { id: 'settings.navWatch', defaultMessage: 'Where to watch' },
  spoilers: { id: 'settings.navSpoilers', defaultMessage: 'Spoilers' },
  importExport: { id: 'settings.importExportTitle', defaultMessage: 'Import & export' },
  importExportDescription: {
    id: 'settings.importExportDescription',
    defaultMessage:
      'Bring your history from Trakt, TV Time, MyAnimeList, IMDb or Simkl, and download everything you have here as JSON or CSV.',
  },
  apps: { id: 'settings.appsTitle', defaultMessage: 'Apps & devices' },
  appsDescription: {
    id: 'settings.appsDescription',
    defaultMessage:
      'Let Jellyfin, Plex, Emby or Kodi mark episodes as you watch them, and create API tokens for your own scripts.',
  },
  danger: { id: 'settings.navDanger', defaultMessage: 'Danger zone' },
  openImportExport: { id: 'settings.openImportExport', defaultMessage: 'Open Import & export' },
  openApps: { id: 'settings.openApps', defaultMessage: 'Open Apps & devices' },
});

/** Settings that have a screen of their own, linked from here. */
const linkedScreens = [
  {
    id: 'import-export',
    title: labels.importExport,
    to: '/settings/import',
    description: labels.importExportDescription,
    open: labels.openImportExport,
  },
  {
    id: 'apps',
    title: labels.apps,
    to: '/settings/apps',
    description: labels.appsDescription,
    open: labels.openApps,
  },
];

/** The page's title and heading, the same while it loads and once it is in. */
function SettingsHeading() {
  const intl = useIntl();
  const title = intl.formatMessage(labels.settings);
  return (
    <>
      <title>{pageTitle(title)}</title>
      <h1 className={heading}>{title}</h1>
    </>
  );
}

/** /settings: signed-in only; visitors sign in and come straight back. */
export function SettingsRoute() {
  const intl = useIntl();
  const { status, user, redirect } = useSignedInPage();
  // Signing out (or deleting the account) here returns to /; others are asked to sign in.
  if (redirect) return redirect;
  if (status === 'unavailable') {
    return (
      <div className={frame}>
        <SettingsHeading />
        <SignInCheckFailed
          message={intl.formatMessage({
            id: 'settings.signInCheckFailed',
            defaultMessage:
              'The server could not be reached, so your settings cannot be shown yet. Check your connection and try again.',
          })}
        />
      </div>
    );
  }
  if (status === 'loading' || !user) {
    return (
      <div className={frame} aria-busy="true">
        <SettingsHeading />
        <div
          className="space-y-6"
          aria-label={intl.formatMessage({
            id: 'settings.loading',
            defaultMessage: 'Loading settings',
          })}
        >
          <Skeleton className="h-72 w-full rounded-2xl" />
          <Skeleton className="h-40 w-full rounded-2xl" />
        </div>
      </div>
    );
  }
  return <SettingsPage key={user.id} user={user} />;
}

function SettingsPage({ user }: { user: CurrentUser }) {
  const intl = useIntl();
  const sso = useAuthProviders().data?.oidc ?? null;
  const sections = [
    ['#profile-heading', labels.profile],
    ['#privacy-heading', labels.privacy],
    ['#language-heading', labels.language],
    ['#account-heading', labels.account],
    ['#security-heading', labels.security],
    ['#sessions-heading', labels.sessions],
    ...(sso ? [['#sso-heading', labels.sso] as const] : []),
    ['#calendar-heading', labels.calendar],
    ['#watch-heading', labels.watch],
    ['#spoilers-heading', labels.spoilers],
    ['#import-export-heading', labels.importExport],
    ['#apps-heading', labels.apps],
    ['#danger-heading', labels.danger],
  ] as const;
  return (
    <div className={frame}>
      <SettingsHeading />
      <nav
        aria-label={intl.formatMessage({
          id: 'settings.sectionsNav',
          defaultMessage: 'Settings sections',
        })}
        className="mb-6 flex flex-wrap gap-x-4 gap-y-2 text-sm"
      >
        {sections.map(([href, label]) => (
          <a
            key={href}
            href={href}
            className="inline-flex min-h-6 items-center rounded text-violet-300 hover:text-violet-200 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400"
          >
            {intl.formatMessage(label)}
          </a>
        ))}
      </nav>
      <div className="space-y-6">
        <ProfileSection user={user} />
        <PrivacySection user={user} />
        <LanguageSection />
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
            title={intl.formatMessage(screen.title)}
            description={intl.formatMessage(screen.description)}
          >
            <Link to={screen.to} className={buttonStyles({ variant: 'secondary' })}>
              {intl.formatMessage(screen.open)}
            </Link>
          </SettingsSection>
        ))}
        <DangerZone />
      </div>
    </div>
  );
}

/**
 * The interface language (issue 31): the footer's menu, here with a word on what it changes.
 * A member's choice is saved to their account, so mails and their other devices follow it.
 */
function LanguageSection() {
  const intl = useIntl();
  return (
    <SettingsSection
      id="language"
      title={intl.formatMessage(labels.language)}
      description={intl.formatMessage({
        id: 'settings.languageDescription',
        defaultMessage:
          'The language of this site and of the e-mails we send you, on all your devices.',
      })}
    >
      <LanguageSelect />
    </SettingsSection>
  );
}
