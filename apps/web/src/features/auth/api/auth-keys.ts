/** Query keys of the auth feature. The current user lives under `me`. */
export const authKeys = {
  all: ['auth'] as const,
  me: ['auth', 'me'] as const,
  signedOut: ['auth', 'signed-out'] as const,
};
