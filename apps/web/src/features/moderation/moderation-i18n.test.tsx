import {
  TOKEN_STORAGE_KEY,
  type AuditEntry,
  type QueueItem,
  type Suspension,
} from '@series-tracker/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { inLanguage, renderApp } from '@/test/render';

const page = <T,>(data: T[]) => ({
  data,
  total: data.length,
  limit: 50,
  offset: 0,
  hasMore: false,
});

const report = (id: number) => ({
  id,
  reason: 'spam' as const,
  details: null,
  reporter: { id: 5, username: 'mara', displayName: null },
  createdAt: '2026-11-25T10:00:00.000Z',
});

const item: QueueItem = {
  itemType: 'comment',
  itemId: 9,
  author: { id: 4, username: 'spammy', displayName: null, role: 'member', suspended: false },
  title: null,
  text: 'Cheap passes at spam.example',
  isSpoiler: false,
  state: 'hidden',
  context: "Comment on jo's review of Severance",
  link: '/review/3',
  actions: ['dismiss', 'hide', 'remove', 'suspend'],
  reports: [report(1), report(2)],
  firstReportedAt: '2026-11-25T10:00:00.000Z',
};

const suspension: AuditEntry = {
  id: 1,
  action: 'suspend',
  itemType: 'comment',
  itemId: 9,
  moderator: { id: 1, username: 'mod', displayName: null },
  author: { id: 4, username: 'spammy', displayName: null },
  reason: 'Advertising',
  until: null,
  hiddenCount: 3,
  createdAt: '2026-11-26T10:00:00.000Z',
};

function serve({ role, suspended }: { role: 'member' | 'moderator'; suspended?: Suspension }) {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'valid-token');
  mockFetch((call) => {
    if (call.url === '/api/auth/me')
      return jsonResponse(200, { user: buildUser({ role, suspension: suspended ?? null }) });
    if (call.url.startsWith('/api/moderation/reports')) return jsonResponse(200, page([item]));
    if (call.url.startsWith('/api/moderation/actions'))
      return jsonResponse(200, page([suspension]));
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
}

/** The moderation screens in other languages (issue 31). */
describe('moderation in other languages', () => {
  it('German: the queue counts reports as a plural, the actions and the audit log are German', async () => {
    serve({ role: 'moderator' });
    renderApp('/moderation', { i18n: await inLanguage('de') });
    const card = await screen.findByRole('article', {
      name: "Comment on jo's review of Severance",
    });
    expect(within(card).getByText('2 Meldungen · ausgeblendet')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Ausblenden' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Verfasser sperren' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Protokoll' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        /hat @spammy wegen Kommentar #9 dauerhaft gesperrt \(3 Inhalte ausgeblendet\)/,
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('Moderation · Series Tracker');
  });

  it('Arabic: the dual for two reports, and a suspended member’s banner', async () => {
    serve({ role: 'moderator', suspended: { reason: 'Spam', until: null } });
    renderApp('/moderation', { i18n: await inLanguage('ar') });
    const card = await screen.findByRole('article', {
      name: "Comment on jo's review of Severance",
    });
    expect(within(card).getByText('بلاغان · مخفي')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'الإشراف' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('حسابك موقوف دون تاريخ انتهاء.');
    expect(screen.getByRole('status')).toHaveTextContent('السبب: Spam');
  });
});
