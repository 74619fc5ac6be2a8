import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { buildUser } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { AuthProvider } from './auth-provider';
import { useAuth } from './use-auth';

function AuthProbe() {
  const { status, user } = useAuth();
  return (
    <p data-testid="auth">
      {status}
      {user ? `:${user.username}` : ''}
    </p>
  );
}

function renderAuth() {
  return render(
    <QueryClientProvider client={createTestQueryClient()}>
      <AuthProvider>
        <AuthProbe />
      </AuthProvider>
    </QueryClientProvider>,
  );
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

  it('clears the token when the check fails for any other reason (spec §8)', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'some-token');
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderAuth();

    expect(await screen.findByText('anonymous')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
