import { TOKEN_STORAGE_KEY } from '@series-tracker/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { api, ApiError, API_TIMEOUT_MS, serverMessageOr } from './api-client';

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('api client', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends JSON to /api with the stored bearer token', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'tok-123');
    const { calls } = mockFetch(() => jsonResponse(200, { ok: true }));

    const result = await api.post<{ ok: boolean }>('/auth/login', {
      identifier: 'a',
      password: 'b',
    });

    expect(result).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/auth/login');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ identifier: 'a', password: 'b' });
  });

  it('sends no Authorization header without a token, and encodes query params', async () => {
    const { calls } = mockFetch(() => jsonResponse(200, []));

    await api.get('/reviews', { params: { limit: 10, q: 'a b', skip: undefined } });

    expect(calls[0]?.url).toBe('/api/reviews?limit=10&q=a+b');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('resolves to undefined on 204 No Content', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.post('/auth/logout')).resolves.toBeUndefined();
  });

  it('normalises a server error to its error, status, code and details', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        error: 'Validation failed',
        code: 'VALIDATION_ERROR',
        details: { username: 'Username is required' },
      }),
    );

    const error = await caught(api.post('/auth/register', {}));

    expect(error.message).toBe('Validation failed');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details).toEqual({ username: 'Username is required' });
    expect(error.fromServer).toBe(true);
  });

  it('keeps the Retry-After of a request the server is still working on, and sends the interface language', async () => {
    const { calls } = mockFetch(
      () =>
        new Response(JSON.stringify({ error: 'Noch in Bearbeitung', code: 'CONFLICT' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        }),
    );

    const error = await caught(api.post('/tracking/episodes/1', {}));

    expect(error.status).toBe(409);
    expect(error.retryAfter).toBe(1);
    expect(calls[0]!.headers.get('Accept-Language')).toBe('en');
  });

  it("falls back to 'An error occurred' when the body has no error field", async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await caught(api.get('/shows'));

    expect(error.message).toBe('An error occurred');
    expect(error.status).toBe(502);
    expect(error.code).toBeUndefined();
    expect(error.fromServer).toBe(false);
  });

  it('uses a client message and status 500 when the network fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await caught(api.get('/shows'));

    expect(error.message).toMatch(/unable to reach the server/i);
    expect(error.status).toBe(500);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.fromServer).toBe(false);
  });

  it('aborts after the 10 s timeout with a timeout error', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            signal = init.signal ?? undefined;
            signal?.addEventListener('abort', () =>
              reject(new DOMException('aborted', 'AbortError')),
            );
          }),
      ),
    );

    const pending = caught(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;

    expect(signal?.aborted).toBe(true);
    expect(error.code).toBe('TIMEOUT');
    expect(error.status).toBe(500);
    expect(error.message).toMatch(/took too long/i);
  });

  it('serverMessageOr prefers the server message and otherwise the fallback', () => {
    const fromServer = new ApiError({
      message: 'Invalid credentials',
      status: 401,
      fromServer: true,
    });
    const fromClient = new ApiError({ message: 'Unable to reach the server.' });
    expect(serverMessageOr(fromServer, 'Login failed. Please try again.')).toBe(
      'Invalid credentials',
    );
    expect(serverMessageOr(fromClient, 'Login failed. Please try again.')).toBe(
      'Login failed. Please try again.',
    );
    expect(serverMessageOr(new Error('boom'), 'fallback')).toBe('fallback');
  });
});
