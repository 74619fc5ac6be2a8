import type { MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
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
  const { formatMessage: format } = intl();
  return format({ id, defaultMessage: literalMessage(text) });
}

/**
 * A contracts text (plain, never ICU) as a parsed message: one literal. The bundle has no ICU
 * parser (ADR 187). TYPE.literal is 0, written as a number so the page loads nothing for it.
 */
export function literalMessage(text: string): MessageFormatElement[] {
  return [{ type: 0 as TYPE.literal, value: text }];
}
