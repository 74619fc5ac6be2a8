import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { api } from './api-client';
import { isServerUnreachable, onReconnect, PROBE_MS } from './connection';

describe('connection: retry as soon as the server answers again (ADR 176)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after an unanswered request asks /api/health until it answers, then tells listeners once', async () => {
    vi.useFakeTimers();
    let down = true;
    const { calls } = mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return jsonResponse(200, { status: 'ok' });
    });
    const reconnected = vi.fn();
    const stop = onReconnect(reconnected);

    await expect(api.get('/lists')).rejects.toMatchObject({ code: 'NETWORK_ERROR' });
    expect(isServerUnreachable()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(calls.map((c) => c.url)).toEqual(['/api/lists', '/api/health']);
    expect(reconnected).not.toHaveBeenCalled();

    down = false;
    await vi.advanceTimersByTimeAsync(PROBE_MS);
    expect(calls.at(-1)?.url).toBe('/api/health');
    expect(reconnected).toHaveBeenCalledTimes(1);
    expect(isServerUnreachable()).toBe(false);

    // Answered: no more probes.
    const asked = calls.length;
    await vi.advanceTimersByTimeAsync(PROBE_MS * 3);
    expect(calls).toHaveLength(asked);
    stop();
  });

  it('the browser coming online asks at once; any answer also counts', async () => {
    vi.useFakeTimers();
    let down = true;
    const { calls } = mockFetch(() => {
      if (down) throw new TypeError('Failed to fetch');
      return jsonResponse(200, { data: [] });
    });
    const reconnected = vi.fn();
    const stop = onReconnect(reconnected);
    await expect(api.get('/shows')).rejects.toBeTruthy();
    down = false;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.url)).toEqual(['/api/shows', '/api/health']);
    expect(reconnected).toHaveBeenCalledTimes(1);

    // Another outage ended by an ordinary request's answer, before any probe.
    down = true;
    await expect(api.get('/shows')).rejects.toBeTruthy();
    down = false;
    await api.get('/shows');
    expect(reconnected).toHaveBeenCalledTimes(2);
    stop();
  });
});
