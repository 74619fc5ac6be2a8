import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { authKeys } from '../api/auth-keys';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { AuthProvider } from './auth-provider';
import { useAuth } from './use-auth';

function AuthProbe() {
  const { status, user, retry } = useAuth();
  return (
    <>
      <p data-testid="auth">
        {status}
        {user ? `:${user.username}` : ''}
      </p>
      <button type="button" onClick={retry}>
        retry
      </button>
    </>
  );
}

function renderAuth() {
  const queryClient = createTestQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...utils, queryClient };
}

describe('auth start-up', () => {
  it('is anonymous at once, without a call, when no token is stored', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, { user: buildUser() }));
    renderAuth();
    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('validates a stored token with GET /api/auth/me and signs the user in', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'good-token');
    const { calls } = mockFetch(() =>
      jsonResponse(200, { user: buildUser({ username: 'alice' }) }),
    );
    renderAuth();

    expect(screen.getByTestId('auth')).toHaveTextContent('loading');
    expect(await screen.findByText('authenticated:alice')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/auth/me');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer good-token');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('good-token');
  });

  it('clears an invalid stored token and becomes anonymous', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired-token');
    mockFetch(() =>
      jsonResponse(401, { error: 'You need to sign in first', code: 'UNAUTHORIZED' }),
    );
    renderAuth();

    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('keeps the token when the check cannot reach the server, and retries it', async () => {
    // A reload or navigation while the check runs makes the browser drop the request,
    // which fetch reports like a network error: that must not sign anyone out.
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
    let attempt = 0;
    const { calls } = mockFetch((call) =>
      // An unanswered request also starts the connection check (lib/connection.ts, ADR 176).
      call.url === '/api/health'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : ++attempt < 3
          ? Promise.reject(new TypeError('Failed to fetch'))
          : jsonResponse(200, { user: buildUser({ username: 'alice' }) }),
    );
    renderAuth();

    expect(
      await screen.findByText('authenticated:alice', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/me')).toHaveLength(3);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('some-token');
  });

  it('keeps the token after server errors and offers to check again', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
    let healthy = false;
    mockFetch(() =>
      healthy
        ? jsonResponse(200, { user: buildUser({ username: 'alice' }) })
        : jsonResponse(503, { error: 'Something went wrong on our side', code: 'INTERNAL_ERROR' }),
    );
    renderAuth();

    expect(
      await screen.findByText('unavailable', undefined, { timeout: 8000 }),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('some-token');

    healthy = true;
    await userEvent.click(screen.getByRole('button', { name: 'retry' }));
    expect(await screen.findByText('authenticated:alice')).toBeInTheDocument();
  });

  it('keeps the token when the check is cancelled', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
    const fetchMock = vi.fn(
      (_input: RequestInfo | URL, init: RequestInit = {}) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('The operation was aborted.', 'AbortError')),
          );
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { queryClient } = renderAuth();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));

    await queryClient.cancelQueries({ queryKey: authKeys.me });

    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('some-token');
    expect(screen.getByTestId('auth')).not.toHaveTextContent('anonymous');
  });
});
