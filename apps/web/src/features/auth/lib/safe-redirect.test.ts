import { describe, expect, it } from 'vitest';
import { getSafeRedirect, withNext } from './safe-redirect';

describe('getSafeRedirect', () => {
  it('keeps same-site paths, with their query and hash', () => {
    expect(getSafeRedirect('/watchlist')).toBe('/watchlist');
    expect(getSafeRedirect('/search?q=lost#top')).toBe('/search?q=lost#top');
    expect(getSafeRedirect({ pathname: '/show/7', search: '?tab=episodes', hash: '' })).toBe(
      '/show/7?tab=episodes',
    );
  });

  it.each([
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'watchlist',
    '/a\nb',
    '',
    '/login',
    '/register?next=/x',
  ])('falls back to / for %j', (candidate) => {
    expect(getSafeRedirect(candidate)).toBe('/');
  });

  it('falls back for non-path values', () => {
    expect(getSafeRedirect(undefined)).toBe('/');
    expect(getSafeRedirect(42)).toBe('/');
    expect(getSafeRedirect({ pathname: 5 })).toBe('/');
  });

  it('withNext carries a target across sign-in and sign-up', () => {
    expect(withNext('/register', '/')).toBe('/register');
    expect(withNext('/register', '/lists?x=1')).toBe('/register?next=%2Flists%3Fx%3D1');
  });
});
