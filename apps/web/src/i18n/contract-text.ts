import type { TYPE } from '@formatjs/icu-messageformat-parser';
import { getLocale, intl } from './locale-state';

let idByText: ReadonlyMap<string, string> | undefined;

/** Called with a language's catalogue (catalogues.ts): the contracts' English → id. */
export function setContractIds(ids: ReadonlyMap<string, string>): void {
  idByText = ids;
}

/**
 * A message the contracts wrote (a form's validation, shared with the API) in the interface's
 * language: looked up by its English text in the contracts' catalogue (ADR 186). Any other
 * text (the API's own messages, already in the request's language) comes back as it is, and so
 * does everything in English.
 */
export function contractText(text: string): string {
  if (getLocale() === 'en') return text;
  const id = idByText?.get(text);
  if (!id) return text;
  // Not `formatMessage` by name: the id is looked up, so the extractor has nothing to read.
  // The English is given pre-parsed (plain text, one literal: TYPE.literal is 0, written as a
  // number so the page loads nothing more for it): the bundle has no ICU parser.
  const literal = 0 as TYPE.literal;
  const { formatMessage: format } = intl();
  return format({ id, defaultMessage: [{ type: literal, value: text }] });
}
