import { accountMessages } from '../account';
import { calendarMessages } from '../calendar';
import { storageMessages } from '../common';
import {
  authMessages,
  idempotencyMessages,
  recommendationMessages,
  reviewMessages,
  seasonRatingMessages,
  spoilerMessages,
  ssoMessages,
} from '../constants';
import { importMessages } from '../imports';
import { integrationMessages } from '../integrations';
import { jobMessages } from '../jobs';
import { listMessages } from '../lists';
import { moderationMessages } from '../moderation';
import { peopleMessages } from '../people';
import { playsMessages } from '../plays';
import { securityMessages } from '../security';
import { trackingMessages } from '../tracking';
import { traktOAuthMessages } from '../trakt';
import { traktMessages } from '../trakt-scrobble';
import { traktSyncMessages } from '../trakt-sync';
import { watchMessages } from '../watch';
import { yearReviewMessages } from '../year-review';

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
} as const;

export const contractMessages: Record<string, string> = Object.fromEntries(
  Object.entries(groups).flatMap(([group, messages]) =>
    Object.entries(messages as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([key, text]) => [`contracts.${group}.${key}`, text]),
  ),
);

const idByText = new Map<string, string>();
for (const [id, text] of Object.entries(contractMessages)) {
  if (!idByText.has(text)) idByText.set(text, id);
}

/** The catalogue id of a contracts message, by its English text; undefined for any other text. */
export function contractMessageId(text: string): string | undefined {
  return idByText.get(text);
}
