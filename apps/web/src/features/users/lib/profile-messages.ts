import { defineMessages } from 'react-intl';

/** What the profile page and its followers and following pages say alike. */
export const profileMessages = defineMessages({
  notFoundTitle: { id: 'users.profileNotFound', defaultMessage: 'Profile Not Found' },
  notFoundMessage: {
    id: 'users.profileNotFoundMessage',
    defaultMessage: "The user profile you're looking for doesn't exist.",
  },
  loadFailed: { id: 'users.profileLoadFailed', defaultMessage: 'Failed to load profile' },
  private: { id: 'users.privateProfile', defaultMessage: 'This profile is private' },
});
