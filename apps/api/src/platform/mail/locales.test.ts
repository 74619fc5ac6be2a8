import { supportedLocales } from '@series-tracker/contracts';
import { checkCatalogue } from '@series-tracker/contracts/messages/catalogue-check';
import { describe, expect, it } from 'vitest';
import { mailCatalogues } from './mail-intl';
import { mailMessages } from './mail-messages';
import { renderMail } from './templates';

const ctx = { publicUrl: 'https://tracker.example.org' };

describe.each(supportedLocales.filter((l) => l !== 'en'))('the %s mail catalogue', (locale) => {
  it('has every sentence of the mails, with the same arguments, and nothing else', () => {
    const catalogue = mailCatalogues[locale as keyof typeof mailCatalogues];
    expect(checkCatalogue(mailMessages, catalogue)).toEqual({ missing: [], extra: [], wrong: [] });
  });
});

describe('mails in the recipient’s language (issue 31)', () => {
  it('writes a password reset in German, subject, text and HTML, with the plural', () => {
    const mail = renderMail(
      'password-reset',
      { username: 'anna', token: 'tok', expiresInMinutes: 60 },
      { ...ctx, locale: 'de' },
    );
    expect(mail.subject).toBe('Setze dein Series Tracker-Passwort zurück');
    expect(mail.text).toContain('Hallo anna,');
    expect(mail.text).toContain('innerhalb von 60 Minuten');
    expect(mail.text).toContain(
      'Neues Passwort wählen: https://tracker.example.org/reset-password?token=tok',
    );
    expect(mail.html).toContain('<html lang="de">');
  });

  it('writes Arabic right to left, with Arabic plural forms', () => {
    const mail = renderMail(
      'email-changed',
      { username: 'samir', token: 't', newEmailHint: 's***@example.org', days: 7 },
      { ...ctx, locale: 'ar' },
    );
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    expect(mail.text).toContain('خلال 7 أيام');
  });

  it('formats dates the language’s way: the digest’s day in Japanese', () => {
    const mail = renderMail(
      'episode-digest',
      { username: 'yuki', unsubscribeToken: 'u', date: '2026-11-25', episodes: [] },
      { ...ctx, locale: 'ja' },
    );
    expect(mail.subject).toBe('今日のあなたの番組：0 話（2026年11月25日）');
  });

  it('falls back to English for a member without a setting or with an unknown one', () => {
    for (const locale of [null, undefined, 'xx']) {
      const mail = renderMail('password-changed', { username: 'bo' }, { ...ctx, locale });
      expect(mail.subject).toBe('Your Series Tracker password was changed');
      expect(mail.html).toContain('<html lang="en">');
    }
  });

  it('describes what a moderator acted on in the member’s language', () => {
    const mail = renderMail(
      'moderation-notice',
      {
        username: 'léa',
        action: 'hide',
        what: { kind: 'review', title: 'Chef-d’œuvre', show: 'The Wire' },
        reason: 'Hors sujet',
        page: '/review/1',
      },
      { ...ctx, locale: 'fr' },
    );
    expect(mail.subject).toBe('La modération a masqué un de vos contenus');
    expect(mail.text).toContain(
      'La modération a masqué votre critique «\u00a0Chef-d’œuvre\u00a0» de The Wire.',
    );
  });
});

describe('labels the contracts wrote', () => {
  it('names an import’s source in the recipient’s language', () => {
    const mail = renderMail(
      'import-finished',
      { username: 'jo', source: 'Trakt', importId: 'i', shows: 2, episodes: 3, unmatched: 0 },
      { ...ctx, locale: 'de' },
    );
    expect(mail.text).toContain('Dein Import (');
  });
});
