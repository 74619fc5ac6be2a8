import type { Recommendation } from '@series-tracker/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildShow } from '@/test/shows';
import { signedInHandler } from '@/test/tracking';

/** Recommendations in Arabic (issue 31): the title of the show stays inside the sentence. */

const pick = (id: number, title: string) =>
  ({
    show: buildShow({ id, title }),
    because: { id: 1, title: 'Breaking Bad' },
    score: 1,
  }) satisfies Recommendation;

function serve(picks: Recommendation[]) {
  return mockFetch(
    signedInHandler((call: RecordedCall) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/users/me/recommendations')
        return jsonResponse(200, {
          data: picks,
          total: picks.length,
          limit: 60,
          offset: 0,
          hasMore: false,
          computedAt: '2026-11-27T05:00:00.000Z',
        });
      if (url.pathname === '/api/users/me/recommendations/dismissals') return jsonResponse(204);
      return jsonResponse(404, { error: 'x', code: 'NOT_FOUND' });
    }),
  );
}

describe('/recommendations in Arabic', () => {
  it('names each row by the show that brought it, and says a dismissed pick will not return', async () => {
    serve([pick(10, 'Better Call Saul'), pick(11, 'Ozark')]);
    renderApp('/recommendations', { i18n: await inLanguage('ar') });
    expect(
      await screen.findByRole('heading', { level: 2, name: 'لأنك شاهدت Breaking Bad' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/^مختارة مما يتتبّعه/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'غير مهتم: Better Call Saul' }));
    expect(await screen.findByText('لن نقترح عليك Better Call Saul مجددًا')).toBeInTheDocument();
  });

  it('an empty list says so', async () => {
    serve([]);
    renderApp('/recommendations', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { name: 'لا اقتراحات بعد' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تصفّح المسلسلات' })).toHaveAttribute('href', '/browse');
  });
});
