import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { contractMessages, supportedLocales } from '@series-tracker/contracts';
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

function names(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.literal || element.type === TYPE.pound) continue;
    if (element.type === TYPE.tag) {
      into.add(`<${element.value}>`);
      names(element.children, into);
      continue;
    }
    into.add(element.value);
    if (element.type === TYPE.plural || element.type === TYPE.select)
      for (const option of Object.values(element.options)) names(option.value, into);
  }
  return into;
}

/** The `{name}` a contracts message writes as text, for plain replacement (ssoMessage). */
function literalPlaceholders(elements: MessageFormatElement[]): string[] {
  const text = elements.map((e) => (e.type === TYPE.literal ? e.value : '')).join('');
  return [...new Set([...text.matchAll(/\{[a-z]+\}/g)].map((m) => m[0]))].sort();
}

const sorted = (set: Set<string>) => [...set].sort();

describe.each(Object.entries(catalogues))('the %s catalogue', (_name, { english, dir }) => {
  it('writes its English as valid ICU', () => {
    expect(Object.keys(english).length).toBeGreaterThan(0);
    for (const message of Object.values(english)) expect(() => parse(message)).not.toThrow();
  });

  describe.each(supportedLocales.filter((l) => l !== 'en'))('in %s', (locale) => {
    const file = path.join(dir, `${locale}.json`);
    const translated = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;

    it('has every message, and nothing else', () => {
      const missing = Object.keys(english).filter((id) => !(id in translated));
      const extra = Object.keys(translated).filter((id) => !(id in english));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it('keeps each message’s arguments, tags and {provider}, and translates it', () => {
      const wrong: string[] = [];
      for (const [id, source] of Object.entries(english)) {
        const message = translated[id];
        if (message === undefined) continue;
        let ast: MessageFormatElement[];
        try {
          ast = parse(message);
        } catch (error) {
          wrong.push(`${id}: ${(error as Error).message}`);
          continue;
        }
        const sourceAst = parse(source);
        const want = sorted(names(sourceAst)).join();
        const got = sorted(names(ast)).join();
        if (want !== got) wrong.push(`${id}: ${got} ≠ ${want}`);
        const wantLiterals = literalPlaceholders(sourceAst).join();
        const gotLiterals = literalPlaceholders(ast).join();
        if (wantLiterals !== gotLiterals) wrong.push(`${id}: ${gotLiterals} ≠ ${wantLiterals}`);
        if (!message.trim()) wrong.push(`${id}: empty`);
      }
      expect(wrong).toEqual([]);
    });
  });
});
