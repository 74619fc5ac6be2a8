import { idempotencyMessages, ssoMessages } from '@series-tracker/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { english, localize, localizeString } from './localize';
import { chosenLocale, pageLocale, requestLocale } from './request-locale';
import { contractWith, duration, msg, verbatim } from './text';

const request = (url: string, headers: Record<string, string> = {}) => ({ url, headers });

describe('the language of an answer', () => {
  it('is the request’s Accept-Language matched to ours, else English', () => {
    expect(requestLocale(request('/api/shows', { 'accept-language': 'fr-CA,fr;q=0.9' }))).toBe(
      'fr',
    );
    expect(requestLocale(request('/api/shows', { 'accept-language': 'pt-BR' }))).toBe('en');
    expect(requestLocale(request('/api/shows'))).toBe('en');
  });

  it('is English on the Trakt-compatible API, whatever the client asks', () => {
    const de = { 'accept-language': 'de' };
    expect(requestLocale(request('/trakt/shows/1', de))).toBe('en');
    expect(requestLocale(request('/trakt/oauth/device/code', de))).toBe('en');
    expect(requestLocale(request('/api/trakt-apps', de))).toBe('de');
  });

  it('of a page is the chosen language (cookie) before the browser’s', () => {
    const headers = { cookie: 'other=1; st_locale=ar', 'accept-language': 'ja' };
    expect(pageLocale(request('/api/auth/oidc/callback', headers))).toBe('ar');
    expect(pageLocale(request('/x', { cookie: 'st_locale=xx', 'accept-language': 'ja' }))).toBe(
      'ja',
    );
    expect(chosenLocale(request('/x'))).toBeNull();
    expect(pageLocale(request('/x'))).toBe('en');
  });
});

describe('a message in a language', () => {
  it('formats the API’s own messages with their values', () => {
    const genre = msg('shows.genreNotFound', { genre: 'Drama' });
    expect(english(genre)).toBe('There is no genre called "Drama"');
    expect(localize('de', genre)).toBe('Es gibt kein Genre namens „Drama“');
    expect(localize('ja', genre)).toBe('「Drama」というジャンルはありません');
  });

  it('writes a wait in the language’s words, as @fastify/rate-limit does in English', () => {
    const wait = (seconds: number) =>
      english(msg('errors.rateLimited', { wait: duration(seconds) }));
    expect(wait(1)).toBe('Rate limit exceeded, retry in 1 second');
    expect(wait(45)).toBe('Rate limit exceeded, retry in 45 seconds');
    expect(wait(60)).toBe('Rate limit exceeded, retry in 1 minute');
    expect(wait(150)).toBe('Rate limit exceeded, retry in 3 minutes');
    expect(wait(7200)).toBe('Rate limit exceeded, retry in 2 hours');
    expect(localize('de', msg('errors.rateLimited', { wait: duration(120) }))).toBe(
      'Zu viele Anfragen, versuch es in 2 Minuten erneut',
    );
  });

  it('fills a contracts message’s {provider} after translating it', () => {
    const text = contractWith(ssoMessages.signInWith, { provider: 'Keycloak' });
    expect(english(text)).toBe('Sign in with Keycloak');
    expect(localize('fr', text)).toBe('Se connecter avec Keycloak');
  });

  it('sends data as it is, and finds schema messages by their English', () => {
    expect(localize('ar', verbatim('2026-01-01'))).toBe('2026-01-01');
    expect(localizeString('es', idempotencyMessages.keyReused)).toBe(
      'Esta Idempotency-Key ya se usó para otra solicitud',
    );
    expect(localizeString('es', 'Use YYYY-MM-DD')).toBe('Use YYYY-MM-DD');
    expect(localizeString('de', 'Must be a number')).toBe('Muss eine Zahl sein');
  });

  it('keeps an error’s English in message and details, for logs and stored records', () => {
    const error = new AppError(400, 'VALIDATION_ERROR', msg('tracking.episodeNotInShow'), {
      upToEpisodeId: msg('tracking.episodeNotInShow'),
      id: verbatim('7'),
    });
    expect(error.message).toBe('That episode is not part of this show');
    expect(error.details).toEqual({
      upToEpisodeId: 'That episode is not part of this show',
      id: '7',
    });
  });
});
