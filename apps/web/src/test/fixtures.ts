import type { CurrentUser } from '@series-tracker/contracts';

export function buildUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 1,
    username: 'alice',
    displayName: 'Alice Liddell',
    avatarUrl: null,
    bio: null,
    isPublic: true,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    email: 'alice@example.com',
    emailVerified: true,
    role: 'member',
    suspension: null,
    pendingEmail: null,
    locale: null,
    ...overrides,
  };
}
