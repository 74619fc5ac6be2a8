import english from '@series-tracker/contracts/messages/en.json';
import { idsByText } from '@series-tracker/contracts/messages/ids-by-text';

/**
 * The contracts' English texts → their catalogue ids (messages/en.json, a plain table: the
 * registry itself would bring every schema and zod). Loaded with a language's catalogue, as
 * only a language other than English needs it.
 */
export const contractIdByText = idsByText(english as Record<string, string>);
