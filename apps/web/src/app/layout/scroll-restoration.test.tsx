import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { keepScroll } from '@/lib/keep-scroll';
import { ScrollRestoration } from './scroll-restoration';

function Page({ name }: { name: string }) {
  return (
    <>
      <h1>{name}</h1>
      <Link to="/b">To B</Link>
      <Link to="/c#cast">To C's cast</Link>
      <Link to="?tab=reviews" {...keepScroll}>
        Reviews tab
      </Link>
      <p id="cast">Cast</p>
    </>
  );
}

function History() {
  const navigate = useNavigate();
  return (
    <>
      <button onClick={() => navigate(-1)}>Back</button>
      <button onClick={() => navigate(1)}>Forward</button>
    </>
  );
}

function renderPages() {
  return render(
    <MemoryRouter initialEntries={['/a']}>
      <ScrollRestoration />
      <History />
      <Routes>
        <Route path="/a" element={<Page name="A" />} />
        <Route path="/b" element={<Page name="B" />} />
        <Route path="/c" element={<Page name="C" />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The member scrolls the window to `y`. */
function scrollWindow(y: number) {
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
    window.dispatchEvent(new Event('scroll'));
  });
}

describe('ScrollRestoration', () => {
  it('opens a new page at the top and brings Back and Forward to where the member was', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPages();
    scrollWindow(1200);

    await user.click(screen.getAllByRole('link', { name: 'To B' })[0]!);
    await screen.findByRole('heading', { name: 'B' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    scrollWindow(300);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'A' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1200);

    await user.click(screen.getByRole('button', { name: 'Forward' }));
    await screen.findByRole('heading', { name: 'B' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 300);
  });

  it('opens an address with a #fragment at that part of the page', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderPages();

    await user.click(screen.getByRole('link', { name: "To C's cast" }));
    await screen.findByRole('heading', { name: 'C' });
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('cast'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('keeps the place on the page for a tab or filter of the same screen', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPages();
    scrollWindow(900);

    await user.click(screen.getByRole('link', { name: 'Reviews tab' }));
    await user.click(screen.getAllByRole('link', { name: 'To B' })[0]!);
    await screen.findByRole('heading', { name: 'B' });
    // Only the navigation to another screen scrolled.
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });

  it('saves the positions for the tab’s session when the page is hidden (a reload reads them)', async () => {
    const user = userEvent.setup();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderPages();
    scrollWindow(800);
    await user.click(screen.getAllByRole('link', { name: 'To B' })[0]!);
    await screen.findByRole('heading', { name: 'B' });
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });

    const saved = JSON.parse(window.sessionStorage.getItem('scroll-positions') ?? '[]') as [
      string,
      number,
    ][];
    expect(saved.find(([entry]) => entry.endsWith(' /a'))?.[1]).toBe(800);
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});
