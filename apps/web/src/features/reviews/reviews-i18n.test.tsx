import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, type RecordedCall } from '@/test/fetch-mock';
import { inLanguage, renderApp } from '@/test/render';
import { buildComment, buildReview } from '@/test/reviews';
import { page } from '@/test/shows';
import { expectLink } from '@/test/expect-link';

/** The review screens in another language (issue 31): words, plurals, numbers and dates. */
describe('reviews in other languages', () => {
  it('German feed: the count as a plural, relative days, filters and the card’s link', async () => {
    mockFetch(() => jsonResponse(200, page([buildReview({ id: 3, rating: 8.5 })])));
    renderApp('/reviews', { i18n: await inLanguage('de') });
    expect(await screen.findByText('1 Rezension geladen')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Rezensionen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bestbewertet' })).toBeInTheDocument();
    const card = screen.getByRole('article');
    expect(within(card).getByText('vor 2 Tagen')).toBeInTheDocument();
    expect(within(card).getByText('8,5/10')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Bewertet mit 8,5 von 10' })).toBeInTheDocument();
    expectLink(within(card), 'Ganze Rezension lesen →', '/review/3');
    expect(document.title).toBe('Rezensionen · Series Tracker');
  });

  it('Arabic review page: Arabic plural forms for likes, the comments heading, the back link', async () => {
    const review = buildReview({ id: 1, title: 'The best spy show', likesCount: 4 });
    mockFetch((call: RecordedCall) => {
      const url = new URL(call.url, 'http://x');
      if (url.pathname === '/api/reviews/1') return jsonResponse(200, review);
      if (url.pathname === '/api/reviews/1/comments')
        return jsonResponse(200, page([buildComment({ id: 50, content: 'Agreed!' })]));
      return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
    });
    renderApp('/review/1', { i18n: await inLanguage('ar') });
    expect(await screen.findByRole('heading', { name: 'The best spy show' })).toBeInTheDocument();
    // 4 is Arabic's "few": إعجابات, not the singular or the dual.
    expect(
      screen.getByRole('button', { name: 'الإعجاب بهذه المراجعة (4 إعجابات)' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Agreed!')).toBeInTheDocument();
    expectLink(screen, 'العودة إلى المراجعات', '/reviews');
    expect(screen.getByRole('heading', { name: /^التعليقات \(/ })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'يُرجى تسجيل الدخول للتعليق على المراجعات.' }),
    ).toBeInTheDocument();
  });
});
