import { searchLimits } from '@series-tracker/contracts';

/**
 * The API's own messages (issue 31, ADR 186): what it says that the contracts do not (Fastify's
 * errors, messages with data in them, a few answers of its own), key → English as an ICU
 * message. Each is sent as `api.<key>`, translated in messages/<locale>.json; `msg(key, values)`
 * (text.ts) is how the code names one. Keys are `<area>.<camelCase>`.
 */
export const apiMessages = {
  // The error plugin: Fastify's own refusals and the fallbacks (plugins/errors.ts).
  'errors.internal': 'Something went wrong on our side',
  'errors.invalidJson': 'The request body is not valid JSON',
  'errors.emptyJson': 'The request body is empty but its content type says JSON',
  'errors.bodyTooLarge': 'The request body is too large',
  'errors.unsupportedMediaType': 'Unsupported content type; send application/json',
  'errors.contentLength': 'The Content-Length header does not match the body',
  'errors.invalidRequest': 'The request is not valid',
  'errors.invalidValue': 'Invalid value',
  'errors.clientError': 'The server could not handle this request.',
  'errors.rateLimited': 'Rate limit exceeded, retry in {wait}',
  'errors.databaseUnavailable':
    'The database is not reachable right now. Please try again in a moment.',
  'errors.noRoute': 'No route for {method} {path}',
  'errors.notFound': 'Not found',
  'errors.forbidden': 'You are not allowed to do that',
  'errors.fileNotFound': 'File not found',

  // Messages with data in them, and the few the contracts do not write.
  'account.avatarMultipart': 'Send the image as multipart/form-data in the field "file"',
  'auth.tooManyAttempts':
    'Too many attempts. Please wait a moment and try again. (retry after {wait})',
  'integrations.payloadNotJson':
    'The webhook body is not a payload this media server sends: not JSON',
  'integrations.payloadNotMultipart':
    'The webhook body is not a payload this media server sends: not readable as multipart form data',
  'integrations.payloadInvalidDetail':
    'The webhook body is not a payload this media server sends: {detail}',
  'lists.tooManyChanges':
    'Too many changes to lists. Please wait a moment and try again. (retry after {wait})',
  'people.usersNotFound': 'User not found: {usernames}',
  'shows.genreNotFound': 'There is no genre called "{genre}"',
  'sso.linkNotFound': 'Link not found',
  // The single sign-on error page (features/auth/sso/sso-error-page.ts).
  'sso.page.signInFailed': 'Signing in did not work',
  'sso.page.linkFailed': 'Linking did not work',
  'sso.page.reauthFailed': 'Confirming it’s you did not work',
  'sso.page.backToSignIn': 'Back to sign in',
  'sso.page.backToSettings': 'Back to Settings',
  'tracking.episodeNotInShow': 'That episode is not part of this show',

  // The API's own schemas (route parameters and bodies the contracts do not describe): written
  // as `apiMessages['validation.x']`, found again by their English when a request fails them.
  'validation.number': 'Must be a number',
  'validation.wholeNumber': 'Must be a whole number',
  'validation.positiveId': 'Must be a positive id',
  'validation.noSuchId': 'No such id',
  'validation.dateForm': 'Use the form YYYY-MM-DD',
  'validation.realDate': 'Not a real date',
  'validation.timeframe': 'Timeframe must be day, week, month or year',
  'validation.queryRequired': 'Query is required',
  'validation.queryTooLong': `Query must be ${searchLimits.queryMax} characters or less`,

  // The year in review's page as link previews see it (features/stats, in the visitor's language).
  'stats.yearPageTitle': '{who}’s {year} in review · Series Tracker',
  'stats.yearSummaryNone': 'No episodes watched in {year} yet.',
  'stats.yearSummary':
    '{episodes, plural, one {# episode} other {# episodes}}, {hours, plural, one {# hour} other {# hours}}, {shows, plural, one {# show} other {# shows}}.',
  'stats.yearTopShow': 'Top show: {title}.',
} as const;

export type ApiMessageKey = keyof typeof apiMessages;

/** The English catalogue as it is sent: `api.<key>` → message. */
export const apiCatalogue: Record<string, string> = Object.fromEntries(
  Object.entries(apiMessages).map(([key, message]) => [`api.${key}`, message]),
);
