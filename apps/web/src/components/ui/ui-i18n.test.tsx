import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inLanguage, renderWithProviders } from '@/test/render';
import { Carousel } from './carousel';
import { ErrorState } from './error-state';
import { LoadMore } from './load-more';
import { Rating } from './rating';
import { StatusBadge } from './status-badge';

/** Shared components write their own words in the interface's language (issue 31). */
describe('components/ui in German and Arabic', () => {
  it('German: a stale status with its date, a rating, the error and load-more defaults', async () => {
    renderWithProviders(
      <>
        <StatusBadge status="unknown" lastKnown={{ status: 'airing', asOf: '2020-04-05' }} />
        <Rating value={8.44} />
        <Rating value={null} />
        <ErrorState error={new Error('x')} onRetry={() => {}} />
        <LoadMore
          query={{ hasNextPage: true, isFetchingNextPage: false, fetchNextPage: () => {} }}
        />
      </>,
      { i18n: await inLanguage('de') },
    );
    const badge = screen.getByText('Läuft, Stand 2020');
    expect(badge).toHaveAttribute(
      'title',
      'Letzter bekannter Status laut unserem Eintrag vom 5. April 2020',
    );
    // Numbers in the language's own format: a decimal comma.
    expect(screen.getByLabelText('Bewertet mit 8,4 von 10')).toHaveTextContent('8,4');
    expect(screen.getByLabelText('Noch nicht bewertet')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Etwas ist schiefgelaufen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mehr laden' })).toBeInTheDocument();
  });

  it('Arabic: the carousel names its arrows by the way they point right to left', async () => {
    renderWithProviders(
      <Carousel title="Similar" headingId="similar">
        <li>A</li>
      </Carousel>,
      { i18n: await inLanguage('ar') },
    );
    // The first arrow goes back to the row's start, which is on the right in Arabic.
    const [back, forward] = screen.getAllByRole('button');
    expect(back).toHaveAccessibleName('التمرير إلى اليمين');
    expect(forward).toHaveAccessibleName('التمرير إلى اليسار');
  });
});
