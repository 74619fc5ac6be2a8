import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('the screen broke');
}

function Screens() {
  const { pathname } = useLocation();
  return (
    <>
      <nav>
        <Link to="/fine">Somewhere else</Link>
      </nav>
      <RouteErrorBoundary resetKey={pathname}>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/fine" element={<h1>A working screen</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </>
  );
}

describe('RouteErrorBoundary', () => {
  it('shows the error page in place of a screen that throws, and the next address renders again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    render(
      <IntlProvider locale="en">
        <MemoryRouter initialEntries={['/broken']}>
          <Screens />
        </MemoryRouter>
      </IntlProvider>,
    );

    expect(screen.getByRole('heading', { name: 'Something Went Wrong' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload Page' })).toBeInTheDocument();
    // What is around the failed screen stays.
    await user.click(screen.getByRole('link', { name: 'Somewhere else' }));

    expect(await screen.findByRole('heading', { name: 'A working screen' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Something Went Wrong' })).toBeNull();
  });
});
