import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { supportedLocales } from '@series-tracker/contracts';
import { checkCatalogue } from '@series-tracker/contracts/messages/catalogue-check';
import { describe, expect, it } from 'vitest';
import { extractMessages } from '../../build/messages';

/**
 * Every language has every message (issue 31, ADR 186): the English source is what the code
 * writes (extracted as the build does); each other language's files under messages/<locale>/
 * must hold exactly those ids, parse as ICU, and use the same arguments and tags, so no
 * screen falls back to English and no translation drops a name or count.
 * `I18N_AREA=shows,lists` narrows the check to some areas while they are being translated.
 */
const messagesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'messages');
const areas = process.env.I18N_AREA?.split(',').filter(Boolean);
const only = (id: string) => !areas || areas.some((area) => id.startsWith(`${area}.`));

function readLocale(locale: string) {
  const dir = path.join(messagesDir, locale);
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  const catalogue: Record<string, string> = {};
  const misplaced: string[] = [];
  for (const file of files) {
    const area = file.replace(/\.json$/, '');
    const entries = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Record<
      string,
      string
    >;
    for (const [id, message] of Object.entries(entries)) {
      if (!id.startsWith(`${area}.`)) misplaced.push(`${file}: ${id}`);
      catalogue[id] = message;
    }
  }
  return { catalogue, misplaced };
}

const english = extractMessages();

describe('the English source', () => {
  it('names every message <area>.<key> and writes valid ICU', () => {
    const ids = Object.keys(english);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => !/^[a-z][a-zA-Z0-9-]*\.[a-zA-Z0-9_.-]+$/.test(id))).toEqual([]);
    expect(checkCatalogue(english, english).wrong).toEqual([]);
  });
});

describe.each(supportedLocales.filter((l) => l !== 'en'))('the %s catalogue', (locale) => {
  const { catalogue, misplaced } = readLocale(locale);

  it('keeps each message in its area file', () => {
    expect(misplaced).toEqual([]);
  });

  it('has every message the code writes and nothing else, each with its arguments and tags', () => {
    expect(checkCatalogue(english, catalogue, { only })).toEqual({
      missing: [],
      extra: [],
      wrong: [],
    });
  });
});
