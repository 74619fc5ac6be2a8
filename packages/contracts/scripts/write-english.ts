/**
 * Writes src/messages/en.json: the contracts' English texts by id, from the registry
 * (`npm run messages:contracts`). The web app imports the JSON instead of the registry, which
 * would bring every schema and zod into the pages that only show a message.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { englishCatalogueJson } from '../src/messages/english';

const target = fileURLToPath(new URL('../src/messages/en.json', import.meta.url));
writeFileSync(target, englishCatalogueJson());
console.log(`wrote ${target}`);
