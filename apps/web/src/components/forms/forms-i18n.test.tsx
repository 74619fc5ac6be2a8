import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Dialog } from '@/components/ui/dialog';
import { setCurrentLocale } from '@/i18n/locale-state';
import { inLanguage, renderWithProviders } from '@/test/render';
import { ConfirmActions } from './confirm-actions';
import { TextareaField } from './textarea-field';

afterEach(() => setCurrentLocale('en'));

describe('the form pieces in other languages (issue 31)', () => {
  it('says Cancel in German under a question', async () => {
    renderWithProviders(
      <Dialog open onOpenChange={() => {}} title="Liste löschen?">
        <ConfirmActions label="Löschen" onConfirm={() => {}} danger />
      </Dialog>,
      { i18n: await inLanguage('de') },
    );
    expect(await screen.findByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Löschen' })).toBeInTheDocument();
  });

  it('counts characters with the language’s digits', async () => {
    renderWithProviders(
      <TextareaField
        id="bio"
        label="Bio"
        value="Hallo"
        max={1000}
        error={undefined}
        onValue={() => {}}
      />,
      { i18n: await inLanguage('de') },
    );
    expect(await screen.findByText('5/1.000')).toBeInTheDocument();
  });
});
