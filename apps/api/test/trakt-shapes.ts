import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';

const dir = path.join(import.meta.dirname, 'fixtures/trakt');
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Where `actual` lacks a key of `expected` or holds another JSON type (null fits any). */
function differences(expected: unknown, actual: unknown, at: string): string[] {
  if (expected === null || actual === null) return [];
  if (kind(expected) !== kind(actual))
    return [`${at}: ${kind(actual)}, documented ${kind(expected)}`];
  if (Array.isArray(expected)) {
    const [e] = expected;
    return e === undefined
      ? []
      : (actual as unknown[]).flatMap((a, i) => differences(e, a, `${at}[${i}]`));
  }
  if (kind(expected) !== 'object') return [];
  const out: string[] = [];
  for (const [key, value] of Object.entries(expected as Record<string, unknown>)) {
    if (key.startsWith('_')) continue;
    if (!(key in (actual as Record<string, unknown>))) out.push(`${at}.${key}: missing`);
    else out.push(...differences(value, (actual as Record<string, unknown>)[key], `${at}.${key}`));
  }
  return out;
}

/**
 * Our answer has every key of the example in Trakt's documentation (test/fixtures/trakt, the
 * source in each file's `_source`), with the same JSON types: what an app reading Trakt's
 * documented answer finds here too.
 */
export function expectTraktShape(fixture: string, actual: unknown): void {
  const doc = JSON.parse(fs.readFileSync(path.join(dir, fixture), 'utf8')) as {
    _source: string;
    example: unknown;
  };
  expect(differences(doc.example, actual, fixture)).toEqual([]);
}
