/*
 * Zod-free constants: limits, the spec's messages and fixed keys. The web app's first load
 * imports this file alone (`@series-tracker/contracts/constants`) so it does not pay for zod;
 * the schema files re-export everything here, so `@series-tracker/contracts` still has it all.
 */

/** Limits and messages shared by the API and the forms (spec §5, §9). */
export const authLimits = {
  usernameMin: 3,
  usernameMax: 30,
  passwordMin: 8,
  passwordMax: 200,
  displayNameMax: 50,
  emailMax: 254,
  /** A registration waits this long for its address to be confirmed (ADR 152). */
  registrationHours: 24,
  /** Registration mails one address may be sent per hour, whichever kind (ADR 152). */
  registrationMailsPerHour: 3,
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
  /** A new password found on the common-password list (server-side check, ADR 150). */
  passwordTooCommon:
    'This password is one of the most common passwords, so it is easy to guess. Choose another.',
  /** A new password the strength estimator scores as trivial (server-side check, ADR 150). */
  passwordTooWeak:
    'This password is too easy to guess (repeats, sequences, keyboard rows or your own name). Try a few unrelated words.',
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
  /**
   * The one answer to every accepted registration, whether or not the address has an account
   * (ADR 152): a new address gets the link that finishes it, a registered one a reminder.
   */
  registrationSent: 'Check your e-mail: we sent a link to finish creating your account.',
  /** The finishing link is unknown, expired or already used (one message for all three). */
  registrationLinkInvalid:
    'This link no longer works. If you already finished creating your account, sign in; otherwise register again.',
  /** The address got an account between registering and finishing (another member's change). */
  registrationAddressTaken:
    'This link can no longer be used. Register again, or sign in if you already have an account.',
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

// --- Reviews, comments, episode reviews (issue 9) ---
/** Limits of reviews, comments and episode reviews (spec §5, §9). */
export const reviewLimits = {
  titleMin: 5,
  /** "Under 200": 199 characters at most; the input stops at 200. */
  titleMax: 199,
  titleInputMax: 200,
  contentMin: 10,
  contentMax: 20_000,
  ratingMin: 0.5,
  ratingMax: 10,
  ratingStep: 0.5,
  ratingDefault: 5,
  commentMax: 2_000,
  episodeContentMax: 5_000,
  episodeRatingDefault: 5,
  pageSize: 10,
  pageMax: 50,
} as const;

/** The spec's review form messages (§5) and the API's other review messages. */
export const reviewMessages = {
  showRequired: 'Please select a show to review.',
  titleRequired: 'Review title is required.',
  titleTooShort: 'Title must be at least 5 characters long.',
  titleTooLong: 'Title must be less than 200 characters.',
  contentRequired: 'Review content is required.',
  contentTooShort: 'Content must be at least 10 characters long.',
  contentTooLong: 'Content must be 20,000 characters or less.',
  ratingInvalid: 'Rating must be between 0.5 and 10.',
  alreadyReviewed: 'You have already reviewed this show.',
  reviewNotFound: 'Review not found',
  showNotFound: 'Show not found',
  nothingToChange: 'Nothing to change',
  commentRequired: 'Comment cannot be empty.',
  commentTooLong: 'Comment must be 2,000 characters or less.',
  commentNotFound: 'Comment not found',
  parentNotFound: 'The comment you are replying to no longer exists.',
  episodeNotFound: 'Episode not found',
  episodeRatingInvalid: 'Rating must be a whole number from 1 to 10.',
  episodeContentTooLong: 'Review must be 5,000 characters or less.',
  alreadyReviewedEpisode: 'You have already reviewed this episode.',
  episodeReviewNotFound: 'Episode review not found',
  ownLike: 'You cannot like your own writing.',
  tooManyReviews: 'You are writing reviews too quickly. Please try again later.',
  tooManyComments: 'You are commenting too quickly. Please try again later.',
  tooManyLikes: 'You are liking too quickly. Please try again later.',
  createFailed: 'Failed to create review. Please try again.',
  showLoadFailed: 'Could not load show details.',
  feedFailed: 'Failed to load reviews. Please try again.',
  likeSignedOut: 'Please log in to like reviews',
  deletedComment: '[deleted]',
} as const;

export const reviewSorts = ['created_at', 'rating', 'likes_count'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
export const reviewFilters = ['latest', 'top_rated', 'most_liked'] as const;
export type ReviewFilter = (typeof reviewFilters)[number];
/** Reviews rated this or more are in the Top Rated filter. */
export const TOP_RATED_MIN = 8;

/** A season of the Episodes tab: 1, 2, … or 'specials' (season 0 and unnumbered episodes). */
export type SeasonKey = number | 'specials';

export function seasonKeyOf(seasonNumber: number | null): SeasonKey {
  return seasonNumber === null || seasonNumber === 0 ? 'specials' : seasonNumber;
}

export interface EpisodePlace {
  id: number;
  seasonNumber: number | null;
  episodeNumber: number | null;
  airDate: string | null;
}

const LAST = Number.MAX_SAFE_INTEGER;

/**
 * The Episodes tab's order, which an episode page's Previous / Next episode also follow:
 * seasons in order with specials (season 0, unnumbered) last, then episode number (unnumbered
 * last), air date (undated last), id. The same function on both sides, so they cannot differ.
 */
export function compareEpisodes(a: EpisodePlace, b: EpisodePlace): number {
  const season = (e: EpisodePlace) => {
    const key = seasonKeyOf(e.seasonNumber);
    return key === 'specials' ? LAST - (e.seasonNumber === null ? 0 : 1) : key;
  };
  return (
    season(a) - season(b) ||
    (a.episodeNumber ?? LAST) - (b.episodeNumber ?? LAST) ||
    (a.airDate ?? '9999-12-31').localeCompare(b.airDate ?? '9999-12-31') ||
    a.id - b.id
  );
}

/**
 * Idempotency keys (issue 22, ADR 162): episode marks carry `Idempotency-Key` so a mark that
 * is sent again (an offline queue retrying after a lost response) is applied once; the retry
 * gets the first answer back with `Idempotent-Replayed: true`.
 */
export const idempotency = {
  header: 'idempotency-key',
  replayedHeader: 'idempotent-replayed',
  keyPattern: /^[A-Za-z0-9_.:-]{8,100}$/,
} as const;

export const idempotencyMessages = {
  keyInvalid: 'Idempotency-Key must be 8 to 100 letters, digits or _ . : -',
  keyReused: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still being processed; try again shortly',
} as const;

// --- Single sign-on (issue 28, ADR 174) ---
export const ssoErrorCodes = {
  /** PASSWORD_SIGN_IN=off: password sign-in, registration and reset are refused. */
  passwordSignInOff: 'PASSWORD_SIGN_IN_OFF',
  /** No provider configured (OIDC_ISSUER unset). */
  notConfigured: 'SSO_NOT_CONFIGURED',
  /** The provider could not be reached, or its discovery document is wrong. */
  providerUnavailable: 'SSO_PROVIDER_UNAVAILABLE',
  /** state unknown/used/expired, another browser, nonce or PKCE or ID token refused. */
  callbackInvalid: 'SSO_CALLBACK_INVALID',
  /** The member cancelled (or the provider refused) at the provider. */
  cancelled: 'SSO_CANCELLED',
  /** OIDC_AUTO_REGISTER=off and nobody linked this identity. */
  notLinked: 'SSO_NOT_LINKED',
  /** The provider's verified e-mail belongs to an existing account (never linked silently). */
  emailInUse: 'SSO_EMAIL_IN_USE',
  /** A new account needs a verified e-mail address the provider did not give. */
  emailMissing: 'SSO_EMAIL_MISSING',
  /** The identity is linked to another account. */
  linkedElsewhere: 'SSO_LINKED_ELSEWHERE',
  /** Unlinking would leave the account without a way in. */
  lastWayIn: 'SSO_LAST_WAY_IN',
  /** The one-time sign-in code is unknown, used, expired or from another browser. */
  codeInvalid: 'SSO_CODE_INVALID',
  /** "Sign in again with …" came back with an identity not linked to this account. */
  reauthMismatch: 'SSO_REAUTH_MISMATCH',
  /** "Sign in again with …" came back without the provider asking the member again. */
  reauthStale: 'SSO_REAUTH_STALE',
} as const;

/** The user-visible messages; `{provider}` is replaced with the provider's name. */
export const ssoMessages = {
  passwordSignInOff:
    'Signing in with a password is turned off on this site. Use the single sign-on button instead.',
  notConfigured: 'Single sign-on is not set up on this site.',
  providerUnavailable:
    '{provider} could not be reached, so signing in with it does not work right now. Please try again later, or tell the site administrator if it keeps happening.',
  callbackInvalid:
    'This sign-in could not be completed: the answer from {provider} was not valid, already used, expired or started in another browser. Nothing was changed. Please start again.',
  cancelled: 'Signing in with {provider} was cancelled. Nothing was changed.',
  notLinked:
    'No account here is linked to your {provider} account, and this site does not create accounts on first sign-in. Sign in another way and link {provider} from Settings, or ask the site administrator.',
  emailInUse:
    'An account here already uses the e-mail address of your {provider} account. Sign in to that account and link {provider} from Settings › Single sign-on; accounts are never linked automatically.',
  emailMissing:
    'Your {provider} account did not share a verified e-mail address, which a new account here needs. Verify your address at {provider}, or register here and link {provider} from Settings.',
  linkedElsewhere:
    'This {provider} account is already linked to another account here. Unlink it there first.',
  lastWayIn:
    'This is your only way to sign in. Set a password first (Forgot your password? mails you a link), then unlink.',
  codeInvalid:
    'This sign-in link is no longer valid (it works once, for a minute, in the browser that started it). Please sign in again.',
  linked: '{provider} is now linked to your account.',
  unlinked: '{provider} is no longer linked to your account.',
  signInWith: 'Sign in with {provider}',
  signInAgainWith: 'Sign in again with {provider}',
  reauthNotLinked:
    'Your account is not linked to {provider}, so it cannot confirm it’s you. Use your password or a code instead.',
  reauthMismatch:
    'You signed in at {provider} as someone else than the account linked here. Nothing was changed. Sign in at {provider} with your own account and try again.',
  reauthStale:
    '{provider} did not ask you to sign in again, so this could not confirm it’s you. Nothing was changed. Please try again.',
  reauthenticated: 'Thanks, that was you. For the next 15 minutes you will not be asked again.',
  /** POST /auth/oidc/reauthenticate with a `returnTo` that is not a page of this site. */
  returnToInvalid: 'The page to come back to must be a path of this site',
} as const;

/** A message with the provider's name in it. */
export function ssoMessage(message: string, provider: string): string {
  return message.replaceAll('{provider}', provider);
}

/**
 * Spoiler protection (issue 29, ADR 181): the words that stand in for what is hidden. The API
 * writes the same ones into mails, notifications and the iCal feed.
 */
export const spoilerMessages = {
  settingLabel: 'Hide spoilers',
  settingHint:
    "Hide the titles, stills and summaries of episodes you haven't watched yet, until you watch or reveal them.",
  summaryHidden: "Summary hidden — you haven't watched this yet",
  stillHidden: 'Still hidden',
  reveal: 'Reveal',
  revealShow: 'Show spoilers for this show',
  hideShow: 'Hide spoilers for this show',
  reviewHidden: "This review is about an episode you haven't watched yet",
} as const;

/** "Episode 5" (or "Special" without a number): an unwatched episode's title while hidden. */
export const hiddenEpisodeTitle = (episodeNumber: number | null): string =>
  episodeNumber !== null ? `Episode ${episodeNumber}` : 'Episode';

/** TMDB's offer kinds, in the order the show page lists them. */
export const watchOfferKinds = ['flatrate', 'free', 'ads', 'rent', 'buy'] as const;
export type WatchOfferKind = (typeof watchOfferKinds)[number];
export const watchOfferLabels: Record<WatchOfferKind, string> = {
  flatrate: 'Subscription',
  free: 'Free',
  ads: 'Free with ads',
  rent: 'Rent',
  buy: 'Buy',
};

/** The attribution TMDB's terms ask for wherever its watch provider data is shown. */
export const watchAttribution = {
  justWatch: 'Watch provider data by JustWatch',
  tmdb: 'This product uses the TMDB API but is not endorsed or certified by TMDB.',
} as const;

/** The lists index views (issue 10). */
export const listViews = ['recent', 'popular', 'ranked', 'all'] as const;
export type ListView = (typeof listViews)[number];

/** "Recommendations for you" (issue 29, ADR 183): limits and visible strings. */
export const recommendationLimits = {
  pageDefault: 30,
  pageMax: 60,
  /** Picks kept per member by the job. */
  stored: 60,
} as const;

export const recommendationMessages = {
  homeRow: (title: string) => `Because you watched ${title}`,
  pageTitle: 'Recommendations for you',
  notInterested: 'Not interested',
  dismissed: (title: string) => `${title} will not be suggested again`,
  undo: 'Undo',
  empty: 'Track a few shows and picks made for you appear here.',
  emptyAfterDismiss: 'No picks left for now. Track more shows to get new ones.',
  showIdInvalid: 'Choose a show',
} as const;

/** Season ratings (issue 29, ADR 180). */
export const seasonRatingMessages = {
  ratingInvalid: 'Rating must be a whole number from 1 to 10.',
  seasonInvalid: 'Season must be a whole number from 0 (specials) upwards.',
  showNotFound: 'Show not found',
  seasonNotFound: 'Season not found',
  loadFailed: 'Could not load season ratings.',
  saveFailed: 'Could not save your season rating. Please try again.',
} as const;
