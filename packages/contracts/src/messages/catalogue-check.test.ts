import { describe, expect, it } from 'vitest';
import { checkCatalogue } from './catalogue-check';

const english = {
  'a.count': '{count, plural, one {# show} other {# shows}}',
  'a.link': 'Read the <link>guide</link>, {name}',
  'a.plain': 'Saved',
};

describe('checkCatalogue', () => {
  it('passes a complete translation that keeps every argument and tag', () => {
    const de = {
      'a.count': '{count, plural, one {# Serie} other {# Serien}}',
      'a.link': '{name}, lies die <link>Anleitung</link>',
      'a.plain': 'Gespeichert',
    };
    expect(checkCatalogue(english, de)).toEqual({ missing: [], extra: [], wrong: [] });
  });

  it('finds what is missing, extra, dropped, renamed, broken or empty', () => {
    const bad = {
      'a.count': '{n, plural, one {# Serie} other {# Serien}}',
      'a.link': 'Lies die Anleitung, {name}',
      'a.extra': 'Zu viel',
    };
    const problems = checkCatalogue(english, bad);
    expect(problems.missing).toEqual(['a.plain']);
    expect(problems.extra).toEqual(['a.extra']);
    expect(problems.wrong).toHaveLength(2);
    expect(checkCatalogue({ x: 'a {b}' }, { x: 'ein {b' }).wrong[0]).toMatch(/^x: /);
    expect(checkCatalogue({ x: 'a' }, { x: ' ' }).wrong).toEqual(['x: empty']);
  });

  it('keeps names written as text when asked ({provider} filled in later)', () => {
    const source = { s: "Sign in with '{provider}'" };
    expect(
      checkCatalogue(source, { s: 'Anmelden mit' }, { textPlaceholders: true }).wrong,
    ).toHaveLength(1);
    expect(
      checkCatalogue(source, { s: "Mit '{provider}' anmelden" }, { textPlaceholders: true }).wrong,
    ).toEqual([]);
  });
});
