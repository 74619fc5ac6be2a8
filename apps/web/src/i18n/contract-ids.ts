import english from '@series-tracker/contracts/messages/en.json';

/**
 * The contracts' English texts → their catalogue ids (messages/en.json, a plain table: the
 * registry itself would bring every schema and zod). Loaded with a language's catalogue, as
 * only a language other than English needs it.
 */
export const contractIdByText = new Map<string, string>();
for (const [id, text] of Object.entries(english as Record<string, string>)) {
  if (!contractIdByText.has(text)) contractIdByText.set(text, id);
}
