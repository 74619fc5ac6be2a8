import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';
import { advance, buildShow } from '@/test/shows';
import { SearchBox } from './search-box';

const suggestionCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith('/api/search/suggestions'));

function setup(
  shows = Array.from({ length: 8 }, (_, i) => buildShow({ id: i + 1, title: `Breaking ${i + 1}` })),
) {
  const fetch = mockFetch((call) => {
    if (call.url.startsWith('/api/search/suggestions')) return jsonResponse(200, { data: shows });
    return jsonResponse(404, { error: 'Not found', code: 'NOT_FOUND' });
  });
  const utils = renderWithProviders(<SearchBox />);
  const input = screen.getByRole('combobox', { name: 'Search shows' });
  return { ...utils, ...fetch, input };
}

/** Waits (advancing fake time) until the listbox shows `count` rows, the last included. */
async function rowsShown(count: number) {
  await vi.waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(count));
}

function type(input: HTMLElement, value: string) {
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
}

describe('SearchBox (header suggestions)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends nothing for fewer than 2 trimmed characters', async () => {
    const { calls, input } = setup();
    type(input, ' b ');
    await advance(1000);
    expect(suggestionCalls(calls)).toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('asks only after a 300 ms pause, once, with the trimmed text and limit 6', async () => {
    const { calls, input } = setup();
    type(input, 'br');
    await advance(200);
    type(input, 'bre');
    await advance(299);
    expect(suggestionCalls(calls)).toHaveLength(0);
    await advance(1);
    type(input, ' breaking ');
    await advance(300);
    const sent = suggestionCalls(calls).map((c) => new URL(c.url, 'http://x').searchParams);
    expect(sent.map((p) => p.get('q'))).toEqual(['bre', 'breaking']);
    expect(sent.every((p) => p.get('limit') === '6')).toBe(true);
  });

  it('shows at most 6 suggestions and a last row to search everything', async () => {
    const { input } = setup();
    type(input, 'breaking');
    await advance(300);
    await rowsShown(7);
    const listbox = screen.getByRole('listbox');
    const options = within(listbox).getAllByRole('option');
    expect(options).toHaveLength(7);
    expect(options.at(-1)).toHaveTextContent('Search all results for "breaking"');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
  });

  it('shows the English title when it differs, and the status', async () => {
    const { input } = setup([
      buildShow({
        id: 5,
        title: 'Shingeki no Kyojin',
        titleEnglish: 'Attack on Titan',
        status: 'completed',
      }),
    ]);
    type(input, 'attack');
    await advance(300);
    await rowsShown(2);
    const option = screen.getAllByRole('option')[0]!;
    expect(option).toHaveTextContent('Shingeki no Kyojin');
    expect(option).toHaveTextContent('Attack on Titan');
    expect(option).toHaveTextContent('Completed');
  });

  it('moves with arrow keys; Enter picks the highlighted show: /search?q={its title} (spec §2)', async () => {
    const { input, router } = setup();
    type(input, 'breaking');
    await advance(300);
    await rowsShown(7);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    const first = screen.getAllByRole('option')[0]!;
    expect(input).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    await advance(0);
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Breaking 1');
  });

  it('ArrowUp from nothing highlights the last row; Enter on it runs the full search', async () => {
    const { input, router } = setup();
    type(input, 'breaking bad');
    await advance(300);
    await rowsShown(7);
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    expect(screen.getAllByRole('option').at(-1)).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'Enter' });
    await advance(0);
    expect(router.state.location.pathname).toBe('/search');
    expect(router.state.location.search).toBe('?q=breaking+bad');
  });

  it('Enter with nothing highlighted goes to /search?q= with the trimmed text', async () => {
    const { input, router } = setup();
    type(input, '  breaking  ');
    fireEvent.keyDown(input, { key: 'Enter' });
    await advance(0);
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('breaking');
  });

  it('a blank submit does nothing', async () => {
    const { input, router } = setup();
    type(input, '   ');
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.submit(input.closest('form')!);
    await advance(0);
    expect(router.state.location.pathname).toBe('/');
  });

  it('clicking a suggestion goes to /search?q={its title} (spec §2), not to the show', async () => {
    const { input, router } = setup();
    type(input, 'breaking');
    await advance(300);
    await rowsShown(7);
    fireEvent.click(screen.getAllByRole('option')[2]!);
    await advance(0);
    expect(router.state.location.pathname).toBe('/search');
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('Breaking 3');
    // Without clearOnPick (the search page) the field shows what is searched for.
    expect(input).toHaveValue('Breaking 3');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('Escape closes the list', async () => {
    const { input } = setup();
    type(input, 'breaking');
    await advance(300);
    await rowsShown(7);
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it('closes 150 ms after focus leaves, not before', async () => {
    const { input } = setup();
    type(input, 'breaking');
    await advance(300);
    await rowsShown(7);
    fireEvent.blur(input);
    await advance(149);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    await advance(1);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('a failed suggestion call gives an empty list, not an error', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockFetch(() => jsonResponse(500, { error: 'Boom', code: 'INTERNAL_ERROR' }));
    renderWithProviders(<SearchBox />);
    const input = screen.getByRole('combobox');
    type(input, 'breaking');
    await advance(300);
    const options = screen.getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('Search all results for "breaking"');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
