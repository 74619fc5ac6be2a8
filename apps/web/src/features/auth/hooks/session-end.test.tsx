import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { enqueueMark, forgetMarks, pendingMarks } from '@/features/tracking/api/offline-marks';
import { api } from '@/lib/api-client';
import {
  deviceOwner,
  OFFLINE_CACHE_KEY,
  OFFLINE_MARKS_KEY,
  readJson,
  writeJson,
} from '@/lib/offline-store';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { AuthProvider } from './auth-provider';
import { useAuth } from './use-auth';

/*
 * A session that ended elsewhere (revoked, expired) leaves nothing of the member on the
 * device (review of 2026-11-26, ADR 162): the token check's 401 clears the saved pages, the
 * unsent marks (a dead session cannot send them) and the in-memory copies, as sign-out does.
 */
const history = ['me', 'history'];

function Probe() {
  const { status } = useAuth();
  return <p data-testid="auth">{status}</p>;
}

/** What a member's earlier visit left on the device: saved pages, an unsent mark. */
function memberLeftThings() {
  forgetMarks();
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'dead-token');
  writeJson(OFFLINE_CACHE_KEY, {
    owner: deviceOwner(),
    savedAt: Date.now(),
    state: { mutations: [], queries: [] },
  });
  enqueueMark({
    key: 'mark-1',
    episodeId: 7,
    showId: 3,
    watched: true,
    code: 'S1E1',
    counts: true,
    queuedAt: new Date().toISOString(),
  });
  expect(pendingMarks()).toHaveLength(1);
}

function renderAuth() {
  const queryClient = createTestQueryClient();
  // The restored copy of the member's pages, as main.tsx puts it back on start.
  queryClient.setQueryData(history, { data: ['Breaking Bad S1E1'] });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

function expectNothingLeft(queryClient: ReturnType<typeof createTestQueryClient>) {
  expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  expect(window.localStorage.getItem(OFFLINE_CACHE_KEY)).toBeNull();
  expect(readJson(OFFLINE_MARKS_KEY) ?? []).toEqual([]);
  expect(pendingMarks()).toEqual([]);
  expect(queryClient.getQueryData(history)).toBeUndefined();
}

describe('a session that ended elsewhere', () => {
  it('the start-up token check’s 401 clears what the device kept for the member', async () => {
    memberLeftThings();
    mockFetch(() =>
      jsonResponse(401, { error: 'You need to sign in first', code: 'UNAUTHORIZED' }),
    );
    const queryClient = renderAuth();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    await waitFor(() => expectNothingLeft(queryClient));
  });

  it('a 401 on any later call (revoked while the app was open) clears it too', async () => {
    memberLeftThings();
    let revoked = false;
    mockFetch((call) =>
      revoked || call.url !== '/api/auth/me'
        ? jsonResponse(401, { error: 'You need to sign in first', code: 'UNAUTHORIZED' })
        : jsonResponse(200, { user: buildUser({ username: 'alice' }) }),
    );
    const queryClient = renderAuth();
    expect(await screen.findByText('authenticated')).toBeInTheDocument();
    revoked = true;
    await queryClient
      .fetchQuery({ queryKey: ['me', 'stats'], queryFn: () => api.get('/users/me/stats') })
      .catch(() => undefined);
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    await waitFor(() => expectNothingLeft(queryClient));
  });
});
