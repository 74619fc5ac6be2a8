import { screen } from '@testing-library/react';
import { FormattedMessage } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderWithProviders } from '@/test/render';
import { formatUserCount } from '@/lib/format';

function Sample() {
  return (
    <p>
      <FormattedMessage id="language.label" defaultMessage="Language" /> · {formatUserCount(1)}
    </p>
  );
}

describe('I18nProvider', () => {
  it('renders the English source without a catalogue', async () => {
    renderWithProviders(<Sample />);
    expect(await screen.findByText('Language · 1 user')).toBeInTheDocument();
  });

  it('renders a language from its catalogue, with its plural rules, and marks the document', async () => {
    renderWithProviders(<Sample />, { i18n: await inLanguage('de') });
    expect(await screen.findByText('Sprache · 1 Nutzer')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
  });

  it('lays Arabic out right to left', async () => {
    renderWithProviders(<Sample />, { i18n: await inLanguage('ar') });
    expect(await screen.findByText('اللغة · مستخدم واحد')).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
  });

  // It formats as Japanese (no singular), so English written by hand would stand out too.
  it('accents every catalogued string in the pseudo-locale', async () => {
    renderWithProviders(<Sample />, { i18n: await inLanguage('en-XA') });
    expect(await screen.findByText('[Ŀȧƞɠŭȧɠḗ] · [1 ŭşḗřş]')).toBeInTheDocument();
  });
});
