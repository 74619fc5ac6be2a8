import { accountMessages } from '../account';
import { calendarMessages, episodeAlertModeLabels } from '../calendar';
import { storageMessages } from '../common';
import {
  watchStatusLabels,
  watchOfferLabels,
  authMessages,
  idempotencyMessages,
  recommendationMessages,
  reviewMessages,
  seasonRatingMessages,
  spoilerMessages,
  ssoMessages,
} from '../constants';
import { importMessages, importSourceLabels } from '../imports';
import { integrationMessages } from '../integrations';
import { jobMessages } from '../jobs';
import { listMessages } from '../lists';
import { moderationMessages, reportReasonLabels } from '../moderation';
import { peopleMessages } from '../people';
import { playsMessages } from '../plays';
import { securityMessages } from '../security';
import { trackingMessages } from '../tracking';
import { traktOAuthMessages } from '../trakt';
import { traktMessages } from '../trakt-scrobble';
import { traktSyncMessages } from '../trakt-sync';
import { watchMessages } from '../watch';
import { yearReviewMessages } from '../year-review';
import { idsByText } from './ids-by-text';

/**
 * The messages the contracts share between the API and the web app (validation, limits), as
 * one catalogue (issue 31, ADR 186): `contracts.<group>.<key>` → the English text. Both sides
 * translate a message they are about to show by looking its English text up here; the
 * translations are messages/<locale>.json. Messages made by a function (with data in them)
 * are left out: where they are shown, the code writes them as messages of its own.
 */
const groups = {
  account: accountMessages,
  auth: authMessages,
  calendar: calendarMessages,
  idempotency: idempotencyMessages,
  imports: importMessages,
  integrations: integrationMessages,
  jobs: jobMessages,
  lists: listMessages,
  moderation: moderationMessages,
  people: peopleMessages,
  plays: playsMessages,
  recommendations: recommendationMessages,
  reviews: reviewMessages,
  seasonRatings: seasonRatingMessages,
  security: securityMessages,
  spoilers: spoilerMessages,
  sso: ssoMessages,
  storage: storageMessages,
  tracking: trackingMessages,
  traktOAuth: traktOAuthMessages,
  trakt: traktMessages,
  traktSync: traktSyncMessages,
  watch: watchMessages,
  yearReview: yearReviewMessages,
  // Labels of values people see (statuses, sources, reasons, alert modes, offer kinds).
  watchStatusLabels,
  watchOfferLabels,
  importSourceLabels,
  reportReasonLabels,
  episodeAlertModeLabels,
} as const;

/** A group's messages that are fixed text (literal types; functions and open labels left out). */
type FixedTexts<T> = {
  [K in keyof T]: T[K] extends string ? (string extends T[K] ? never : T[K]) : never;
}[keyof T];

/**
 * Every message of the catalogue, as a type: the exact English texts. The API takes only these
 * (or its own catalogue's messages) where it answers with text, so a message that no catalogue
 * holds does not compile (ADR 186).
 */
export type ContractText = {
  [G in keyof typeof groups]: FixedTexts<(typeof groups)[G]>;
}[keyof typeof groups];

/** Plain text as an ICU message: quotes doubled, and braces and angle brackets quoted. */
export function icuEscape(text: string): string {
  return text.replace(/'/g, "''").replace(/[{}<>]+/g, (special) => `'${special}'`);
}

/**
 * `contracts.<group>.<key>` → the English text as it is shown (not an ICU message). The web app
 * reads the same table from messages/en.json, written from this one (english.test.ts keeps
 * the two equal), so it can look a text up without loading every schema and zod.
 */
export const contractTexts: Record<string, string> = Object.fromEntries(
  Object.entries(groups).flatMap(([group, messages]) =>
    Object.entries(messages as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [`contracts.${group}.${key}`, text]),
  ),
);

/** `contracts.<group>.<key>` → the English text, as an ICU message (escaped). */
export const contractMessages: Record<string, string> = Object.fromEntries(
  Object.entries(contractTexts).map(([id, text]) => [id, icuEscape(text)]),
);

const idByText = idsByText(contractTexts);

/**
 * The catalogue entry of a contracts message, by its English text: its id and the English as an
 * ICU message; undefined for any other text.
 */
export function contractMessage(text: string): { id: string; defaultMessage: string } | undefined {
  const id = idByText.get(text);
  return id ? { id, defaultMessage: contractMessages[id]! } : undefined;
}
