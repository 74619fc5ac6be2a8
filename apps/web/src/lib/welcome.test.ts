import { afterEach, describe, expect, it } from 'vitest';
import { JUST_CREATED_MS, markIfJustCreated, markNewMember, welcomeWord } from './welcome';

describe('welcome word (ADR 176)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('"Welcome" for the member this tab just registered, "Welcome back" for anyone else', () => {
    expect(welcomeWord({ id: 7 })).toBe('Welcome back');
    markNewMember(7);
    expect(welcomeWord({ id: 7 })).toBe('Welcome');
    expect(welcomeWord({ id: 8 })).toBe('Welcome back');
  });

  it('a single sign-on that just created the account is a newcomer; an older account is not', () => {
    const now = Date.parse('2026-11-27T09:00:00Z');
    markIfJustCreated({ id: 3, createdAt: new Date(now - JUST_CREATED_MS - 1).toISOString() }, now);
    expect(welcomeWord({ id: 3 })).toBe('Welcome back');
    markIfJustCreated({ id: 4, createdAt: new Date(now - 5_000).toISOString() }, now);
    expect(welcomeWord({ id: 4 })).toBe('Welcome');
  });
});
