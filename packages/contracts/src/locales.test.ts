import { describe, expect, it } from 'vitest';
import { localeDirection, matchLocale } from './locales';

describe('matchLocale', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de'],
    ['fr-CA', 'fr'],
    ['en-US,en;q=0.9', 'en'],
    ['pt-BR,ja;q=0.5,es;q=0.7', 'es'],
    ['*', null],
    ['', null],
    ['ar-EG;q=0,ja', 'ja'],
    ['zh-CN, x;q=abc', null],
  ])('%s → %s', (header, expected) => {
    expect(matchLocale(header)).toBe(expected);
  });

  it('takes a list such as navigator.languages, in order', () => {
    expect(matchLocale(['it-IT', 'JA-jp', 'de'])).toBe('ja');
  });

  it('knows Arabic is written right to left', () => {
    expect(localeDirection('ar')).toBe('rtl');
    expect(localeDirection('de')).toBe('ltr');
  });
});
