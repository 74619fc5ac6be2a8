import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { prefetchRouteData } from './prefetch';

async function requested(pathname: string): Promise<string[]> {
  const { calls } = mockFetch(() => jsonResponse(200, { data: [], basis: 'catalogue' }));
  const client = createQueryClient();
  prefetchRouteData(client, pathname);
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
  return calls.map((call) => new URL(call.url, 'http://x').pathname);
}

describe('prefetchRouteData', () => {
  it('asks for the trending shows on the home page', async () => {
    expect(await requested('/')).toEqual(['/api/shows/trending']);
  });

  it('asks for the show or the episode of a detail page', async () => {
    expect(await requested('/show/82')).toEqual(['/api/shows/82']);
    expect(await requested('/episode/5')).toEqual(['/api/episodes/5']);
  });

  it('asks for nothing on other pages or ids that are not ids', async () => {
    expect(await requested('/search')).toEqual([]);
    expect(await requested('/show/abc')).toEqual([]);
    expect(await requested('/show/0')).toEqual([]);
    expect(await requested('/show/99999999999')).toEqual([]);
  });
});
