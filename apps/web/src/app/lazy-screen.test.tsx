import { act, render, screen } from '@testing-library/react';
import { isValidElement, Suspense, type ComponentType } from 'react';
import { IntlProvider } from 'react-intl';
import { matchRoutes, MemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadScreen } from './lazy-screen';
import { routes } from './routes';
import { RouteErrorBoundary } from './routes/route-error';

function screenModule(heading: string) {
  return { Screen: () => <h1>{heading}</h1>, other: 'not a screen' };
}

/** A module load the test settles by hand. */
function deferredLoad<M>() {
  let settle!: { resolve: (m: M) => void; reject: (error: Error) => void };
  const promise = new Promise<M>((resolve, reject) => {
    settle = { resolve, reject };
  });
  return { load: () => promise, ...settle };
}

function renderInSuspense(Screen: ComponentType) {
  return render(
    <IntlProvider locale="en">
      <MemoryRouter>
        <RouteErrorBoundary resetKey="/">
          <Suspense fallback={<p>Suspended</p>}>
            <Screen />
          </Suspense>
        </RouteErrorBoundary>
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('lazyScreen', () => {
  it('on a navigation, suspends until its code is here, then renders the named export', async () => {
    const module = deferredLoad<ReturnType<typeof screenModule>>();
    const Screen = lazyScreen(module.load, 'Screen');
    renderInSuspense(Screen);
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    await act(async () => module.resolve(screenModule('A show')));
    expect(await screen.findByRole('heading', { name: 'A show' })).toBeInTheDocument();
  });

  it('preloaded for the first render, shows the page spinner itself instead of suspending', async () => {
    const module = deferredLoad<ReturnType<typeof screenModule>>();
    const Screen = lazyScreen(module.load, 'Screen');
    Screen.preloadForFirstRender();
    renderInSuspense(Screen);
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByText('Suspended')).not.toBeInTheDocument();
    await act(async () => module.resolve(screenModule('A show')));
    expect(await screen.findByRole('heading', { name: 'A show' })).toBeInTheDocument();
    expect(screen.queryByText('Suspended')).not.toBeInTheDocument();
  });

  it('preloaded for the first render, shows the error page when its code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const module = deferredLoad<ReturnType<typeof screenModule>>();
    const Screen = lazyScreen(module.load, 'Screen');
    Screen.preloadForFirstRender();
    renderInSuspense(Screen);
    await act(async () => module.reject(new Error('offline')));
    expect(
      await screen.findByRole('heading', { name: 'Something Went Wrong' }),
    ).toBeInTheDocument();
  });

  it('renders a screen whose code is already here without waiting', async () => {
    const Screen = lazyScreen(() => Promise.resolve(screenModule('A show')), 'Screen');
    await Screen.preload();
    renderInSuspense(Screen);
    expect(screen.getByRole('heading', { name: 'A show' })).toBeInTheDocument();
  });
});

describe('preloadScreen', () => {
  function table() {
    const show = vi.fn(() => Promise.resolve(screenModule('A show')));
    const home = vi.fn(() => Promise.resolve(screenModule('Home')));
    const ShowScreen = lazyScreen(show, 'Screen');
    const HomeScreen = lazyScreen(home, 'Screen');
    const routes: RouteObject[] = [
      {
        element: <main />,
        children: [
          { index: true, element: <HomeScreen /> },
          { path: 'show/:id', element: <ShowScreen /> },
          { path: '*', element: <p>Not found</p> },
        ],
      },
    ];
    return { routes, show, home };
  }

  it('starts loading only the code of the screen the address opens', () => {
    const { routes, show, home } = table();
    preloadScreen(routes, '/show/80');
    expect(show).toHaveBeenCalledTimes(1);
    expect(home).not.toHaveBeenCalled();
    preloadScreen(routes, '/');
    expect(home).toHaveBeenCalledTimes(1);
  });

  it('loads nothing for an address whose screen is not loaded on demand', () => {
    const { routes, show, home } = table();
    preloadScreen(routes, '/no/such/page');
    expect(show).not.toHaveBeenCalled();
    expect(home).not.toHaveBeenCalled();
  });

  it('leaves a failed load to the render, without an unhandled rejection', async () => {
    // A plain function, not vi.fn: a spy handles the promises it returns (settledResults).
    let loads = 0;
    const failing = () => {
      loads += 1;
      return Promise.reject(new Error('offline'));
    };
    const Failing = lazyScreen<{ Screen: () => null }, 'Screen'>(failing, 'Screen');
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      preloadScreen([{ path: '/', element: <Failing /> }], '/');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(loads).toBe(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it("the app's table: each of the five main pages is a screen that can be preloaded", () => {
    for (const path of ['/', '/show/80', '/reviews', '/lists', '/search']) {
      const element = matchRoutes(routes, path)?.at(-1)?.route.element;
      const type = isValidElement(element) ? (element.type as { preload?: unknown }) : undefined;
      expect(type?.preload, path).toBeTypeOf('function');
    }
  });
});
