import { contractTexts } from './registry';

/** en.json's text: the registry's English texts, ids sorted, as the file is committed. */
export function englishCatalogueJson(): string {
  const sorted = Object.fromEntries(
    Object.entries(contractTexts).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}
