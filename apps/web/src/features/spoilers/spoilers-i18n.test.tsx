import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { inLanguage, renderWithProviders } from '@/test/render';
import { SpoilersSection } from './components/spoilers-section';

/** Settings → Spoilers in other languages (issue 31). */
describe('the spoilers setting in other languages', () => {
  it('German: the section is titled and a saved change says so', async () => {
    let protect = true;
    mockFetch((call) => {
      if (call.method === 'PUT') protect = (call.body as { protect: boolean }).protect;
      return jsonResponse(200, { protect });
    });
    const user = userEvent.setup();
    renderWithProviders(<SpoilersSection />, { i18n: await inLanguage('de') });
    expect(await screen.findByRole('heading', { name: 'Spoiler' })).toBeInTheDocument();
    const box = await screen.findByRole('checkbox');
    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(await screen.findByText('Gespeichert.')).toBeInTheDocument();
  });

  it('Arabic: a failed save without a server message gives the Arabic fallback', async () => {
    mockFetch((call) =>
      call.method === 'PUT'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : jsonResponse(200, { protect: true }),
    );
    const user = userEvent.setup();
    renderWithProviders(<SpoilersSection />, { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { name: 'حرق الأحداث' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox'));
    expect(await screen.findByText('تعذّر الحفظ. حاول مرة أخرى.')).toBeInTheDocument();
  });
});
