import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderWithProviders } from '@/test/render';
import { genreName } from './genre-name';

function Genres() {
  return <p>{['Crime', 'Science-Fiction', 'Zombie Musical'].map(genreName).join(' | ')}</p>;
}

describe('genreName', () => {
  it('names the catalogue’s genres in the interface language, and others as they came', async () => {
    renderWithProviders(<Genres />, { i18n: await inLanguage('es') });
    expect(
      await screen.findByText('Crimen | Ciencia ficción | Zombie Musical'),
    ).toBeInTheDocument();
  });

  it('keeps the English names in English', async () => {
    renderWithProviders(<Genres />);
    expect(await screen.findByText('Crime | Science-Fiction | Zombie Musical')).toBeInTheDocument();
  });
});
