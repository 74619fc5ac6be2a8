import { TOKEN_STORAGE_KEY, type QueueItem } from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';

const page = <T,>(data: T[]) => ({
  data,
  total: data.length,
  limit: 50,
  offset: 0,
  hasMore: false,
});

const item: QueueItem = {
  itemType: 'comment',
  itemId: 9,
  author: {
    id: 4,
    username: 'spammy',
    displayName: 'Deals Daily',
    role: 'member',
    suspended: false,
  },
  title: null,
  text: 'Cheap passes at spam.example',
  isSpoiler: false,
  state: 'visible',
  context: "Comment on jo's review of Severance",
  link: '/review/3',
  actions: ['dismiss', 'hide', 'remove', 'suspend'],
  reports: [
    {
      id: 1,
      reason: 'spam',
      details: 'Posted everywhere',
      reporter: { id: 5, username: 'mara', displayName: null },
      createdAt: '2026-11-25T10:00:00.000Z',
    },
  ],
  firstReportedAt: '2026-11-25T10:00:00.000Z',
};

function server(role: 'member' | 'moderator', queue: () => Response) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  return mockFetch((call) => {
    if (call.url === '/api/auth/me') return jsonResponse(200, { user: buildUser({ role }) });
    if (call.url.startsWith('/api/moderation/reports')) return queue();
    if (call.url.startsWith('/api/moderation/actions') && call.method === 'GET')
      return jsonResponse(200, page([]));
    if (call.url === '/api/moderation/items/comment/9/actions')
      return jsonResponse(403, { error: 'Only moderators can do this', code: 'FORBIDDEN' });
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

describe('/moderation', () => {
  it('a member gets the not-found page and never asks for the queue', async () => {
    const calls = server('member', () => jsonResponse(200, page([item])));
    renderApp('/moderation');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(calls.calls.some((c) => c.url.startsWith('/api/moderation'))).toBe(false);
  });

  it('a moderator sees each reported item with its reports; an action asks for a reason and shows the server’s refusal', async () => {
    server('moderator', () => jsonResponse(200, page([item])));
    renderApp('/moderation');
    const card = await screen.findByRole('article', {
      name: "Comment on jo's review of Severance",
    });
    expect(within(card).getByText('Cheap passes at spam.example')).toBeInTheDocument();
    expect(within(card).getByText('Posted everywhere')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(within(dialog).getByText('Say why (the author is told)')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Advertising');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Hide' }));
    expect(await within(dialog).findByText('Only moderators can do this')).toBeInTheDocument();
    // The card stays as it was.
    expect(within(card).getByText('Cheap passes at spam.example')).toBeInTheDocument();
  });

  it('a failing queue is an error with a retry, never "No open reports"', async () => {
    server('moderator', () =>
      jsonResponse(500, { error: 'An error occurred', code: 'INTERNAL_ERROR' }),
    );
    renderApp('/moderation');
    expect(
      await screen.findByText('Could not load the reports', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByText('No open reports')).not.toBeInTheDocument();
  });
});
