import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractMessages, supportedLocales } from '@series-tracker/contracts';
import { checkCatalogue } from '@series-tracker/contracts/messages/catalogue-check';
import { describe, expect, it } from 'vitest';
import { apiCatalogue } from './api-messages';

/**
 * Every language has every message the API can send (issue 31, ADR 186), in two catalogues:
 * the contracts' (packages/contracts/src/messages/<locale>.json, shared with the web app) and
 * the API's own (messages/<locale>.json here). Each language holds exactly the English ids,
 * each message parses as ICU and keeps the English's arguments and tags, and the contracts'
 * `{provider}` (filled in after translation, as text) stays in it. Same approach as the web's
 * catalogue test.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const catalogues = {
  contracts: {
    english: contractMessages,
    dir: path.resolve(here, '../../../../../packages/contracts/src/messages'),
  },
  api: { english: apiCatalogue, dir: path.join(here, 'messages') },
};

describe.each(Object.entries(catalogues))('the %s catalogue', (_name, { english, dir }) => {
  it('writes its English as valid ICU', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    expect(checkCatalogue(english, english).wrong).toEqual([]);
  });

  describe.each(supportedLocales.filter((l) => l !== 'en'))('in %s', (locale) => {
    const file = path.join(dir, `${locale}.json`);
    const translated = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;

    it('has every message and nothing else, each keeping its arguments, tags and {provider}', () => {
      expect(checkCatalogue(english, translated, { textPlaceholders: true })).toEqual({
        missing: [],
        extra: [],
        wrong: [],
      });
    });
  });
});
