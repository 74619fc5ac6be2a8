import { render, screen } from '@testing-library/react';
import { isValidElement, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { lazyScreen, preloadScreen } from './lazy-screen';
import { routes } from './routes';

function screenModule(heading: string) {
  return { Screen: () => <h1>{heading}</h1>, other: 'not a screen' };
}

describe('lazyScreen', () => {
  it('renders the named export of the module it loads', async () => {
    const Screen = lazyScreen(() => Promise.resolve(screenModule('A show')), 'Screen');
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Screen />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'A show' })).toBeInTheDocument();
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
