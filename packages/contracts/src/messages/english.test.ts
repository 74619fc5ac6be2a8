import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import english from './en.json';
import { englishCatalogueJson } from './english';
import { contractMessage, contractTexts } from './registry';

describe('messages/en.json', () => {
  it('is the registry written out (run `npm run messages:contracts` after changing a message)', () => {
    const committed = readFileSync(new URL('./en.json', import.meta.url), 'utf8');
    expect(committed).toBe(englishCatalogueJson());
  });

  it('holds every fixed text under the id the registry looks it up by', () => {
    const text = contractTexts['contracts.account.avatarRequired']!;
    expect(text).toBe('Choose an image file to upload');
    const id = contractMessage(text)!.id;
    expect((english as Record<string, string>)[id]).toBe(text);
    expect(Object.keys(english)).toHaveLength(Object.keys(contractTexts).length);
  });
});
