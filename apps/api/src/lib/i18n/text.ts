import { contractMessage, type ContractText } from '@series-tracker/contracts';
import { apiMessages, type ApiMessageKey } from './api-messages';

/*
 * What the API says in words, kept as messages until the answer is written (issue 31, ADR 186):
 * the error plugin (and the few routes that answer with a sentence) put them in the request's
 * language there. Two kinds: a contracts message, by its English text (`trackingMessages.x`),
 * and one of the API's own (`msg('shows.genreNotFound', { genre })`, lib/i18n/api-messages.ts).
 * A plain string is neither, so a sentence no catalogue holds does not compile.
 */

const local: unique symbol = Symbol('api message');

/** A wait, written in the request's language ("2 minutes", "2 Minuten", "2 分"). */
export interface Duration {
  readonly seconds: number;
}
export type TextValue = string | number | Duration;

/** One of the API's own messages (or a contracts message with names put in), with its values. */
export interface LocalText {
  readonly [local]: true;
  readonly id: string;
  readonly defaultMessage: string;
  readonly values?: Readonly<Record<string, TextValue>>;
  /** Contracts messages write `{provider}` as text: replaced after translation (ssoMessage). */
  readonly literals?: Readonly<Record<string, string>>;
}

/** A message: a contracts message (its English text) or one of the API's own. */
export type Text = ContractText | LocalText;

/**
 * Words sent as they are, in every language: data in `details` (an id, a date, a reason a
 * moderator wrote) and the Trakt-compatible API, which answers in English as Trakt does.
 */
export interface Verbatim {
  readonly verbatim: string;
}
export type DetailText = Text | Verbatim;

export const isLocalText = (value: unknown): value is LocalText =>
  typeof value === 'object' && value !== null && local in value;

/** The API's own message `key` (api-messages.ts), with the values of its placeholders. */
export function msg(key: ApiMessageKey, values?: Record<string, TextValue>): LocalText {
  return {
    [local]: true,
    id: `api.${key}`,
    defaultMessage: apiMessages[key],
    ...(values ? { values } : {}),
  };
}

/**
 * A contracts message whose `{name}` placeholders are filled in by plain replacement, as the
 * contracts do (`ssoMessage(ssoMessages.cancelled, provider)`), in the request's language.
 */
export function contractWith(text: ContractText, literals: Record<string, string>): LocalText {
  const entry = contractMessage(text);
  if (!entry) throw new Error(`Not a contracts message: ${text}`);
  return { [local]: true, ...entry, literals };
}

export const verbatim = (text: string): Verbatim => ({ verbatim: text });

export const duration = (seconds: number): Duration => ({ seconds: Math.max(0, seconds) });
