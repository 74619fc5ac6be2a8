import { contractMessage } from '@series-tracker/contracts';
import { intl } from './locale-state';

/**
 * A message the contracts wrote (a form's validation, shared with the API) in the interface's
 * language: looked up by its English text in the contracts' catalogue (ADR 186). Any other
 * text (the API's own messages, already in the request's language) comes back as it is.
 */
export function contractText(text: string): string {
  const message = contractMessage(text);
  if (!message) return text;
  // Not `formatMessage` by name: the id is looked up, so the extractor has nothing to read.
  const { formatMessage: format } = intl();
  return format(message);
}
