/**
 * English text → catalogue id, over `{ id: text }`; where two ids share a text the first wins.
 * The registry's lookup (API and mails) and the web app's (over messages/en.json) are this one.
 */
export function idsByText(texts: Record<string, string>): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [id, text] of Object.entries(texts)) if (!ids.has(text)) ids.set(text, id);
  return ids;
}
