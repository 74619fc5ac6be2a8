import { useIntl } from 'react-intl';
import { useParams } from 'react-router';
import { QueryErrorState } from '@/components/ui/error-state';
import { QueryRefreshError } from '@/components/ui/refresh-error';
import { useProfile } from '@/features/users/api/people';
import { ProfileHeader, ProfileSkeleton } from '@/features/users/components/profile-header';
import {
  ProfileTabList,
  ProfileTabPanel,
  useProfileTab,
} from '@/features/users/components/profile-tabs';
import { profileMessages } from '@/features/users/lib/profile-messages';
import { isApiError } from '@/lib/api-client';
import { pageTitle } from '@/lib/site';
import { StatusPage } from './not-found';

/** /profile/{username} (spec §2 Profile). */
export function ProfileRoute() {
  const { username = '' } = useParams();
  const profile = useProfile(username);
  const [tab, selectTab] = useProfileTab();
  const intl = useIntl();

  if (profile.isPending) return <ProfileSkeleton />;
  // A failed refresh keeps the profile (ADR 162).
  if (profile.isLoadingError) {
    if (isApiError(profile.error) && profile.error.status === 404) {
      return (
        <StatusPage
          title={intl.formatMessage(profileMessages.notFoundTitle)}
          message={intl.formatMessage(profileMessages.notFoundMessage)}
        />
      );
    }
    const profileWord = intl.formatMessage({ id: 'users.profile', defaultMessage: 'Profile' });
    return (
      <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-10 sm:px-6">
        <title>{pageTitle(profileWord)}</title>
        <h1 className="sr-only">{profileWord}</h1>
        <QueryErrorState title={intl.formatMessage(profileMessages.loadFailed)} query={profile} />
      </div>
    );
  }
  const user = profile.data;
  return (
    <div className="mx-auto w-full max-w-5xl flex-1 px-4 py-8 sm:px-6 sm:py-10">
      <title>{pageTitle(user.displayName || user.username)}</title>
      <QueryRefreshError className="mb-4" query={profile} />
      <ProfileHeader user={user} />
      <ProfileTabList tab={tab} onSelect={selectTab} />
      <ProfileTabPanel tab={tab} user={user} />
    </div>
  );
}
