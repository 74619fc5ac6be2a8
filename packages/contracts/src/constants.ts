/*
 * Zod-free constants: limits, the spec's messages and fixed keys. The web app's first load
 * imports this file alone (`@series-tracker/contracts/constants`) so it does not pay for zod;
 * the schema files re-export everything here, so `@series-tracker/contracts` still has it all.
 */

/** Limits and messages shared by the API and the forms (spec §5, §9). */
export const authLimits = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 6,
  passwordMax: 200,
  displayNameMax: 50,
  emailMax: 254,
} as const;

export const authMessages = {
  usernameRequired: 'Username is required',
  usernameTooShort: `Username must be at least ${authLimits.usernameMin} characters long`,
  usernameTooLong: `Username must be ${authLimits.usernameMax} characters or less`,
  usernameChars: 'Username may only contain letters, digits, _ and -',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Password must be at least ${authLimits.passwordMin} characters long`,
  passwordTooLong: `Password must be ${authLimits.passwordMax} characters or less`,
  passwordsDoNotMatch: 'Passwords do not match',
  displayNameTooLong: `Display name must be ${authLimits.displayNameMax} characters or less`,
  identifierRequired: 'Username or email is required',
  invalidCredentials: 'Invalid username/email or password',
  usernameTaken: 'That username is already taken',
  /**
   * A registration whose email belongs to an account: the answer must not say that the
   * address is registered (ADR 034). Usernames are public, so a taken one is named.
   */
  emailOrUsernameUnavailable: 'That email address or username cannot be used',
  loginFailed: 'Login failed. Please try again.',
  registrationFailed: 'Registration failed. Please try again.',
  notSignedIn: 'You need to sign in first',
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** localStorage key of the bearer token; fixed by the spec (§9), legacy name kept. */
export const TOKEN_STORAGE_KEY = 'manga_tracker_token';

export const showStatuses = ['airing', 'completed', 'upcoming', 'tbd', 'unknown'] as const;
export const showKinds = ['series', 'anime'] as const;
export const showSorts = ['popular', 'top_rated', 'recent', 'title'] as const;

export const searchLimits = { queryMax: 200, resultMax: 50, suggestionsDefault: 10 } as const;

/** Watchlist statuses (spec §4); labels are what people see. */
export const watchStatuses = [
  'want_to_watch',
  'watching',
  'completed',
  'paused',
  'dropped',
] as const;
export type WatchStatus = (typeof watchStatuses)[number];
export const watchStatusLabels: Record<WatchStatus, string> = {
  want_to_watch: 'Plan to Watch',
  watching: 'Watching',
  completed: 'Completed',
  paused: 'On Hold',
  dropped: 'Dropped',
};
export const watchlistSorts = ['updated', 'title', 'score', 'added'] as const;
