import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes as appRoutes } from '@/app/routes';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders the whole app (layout, routes, providers) at `path`, in memory. */
export function renderApp(path = '/', { state }: { state?: unknown } = {}) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [state === undefined ? path : { pathname: path, state }],
  });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Renders one piece of UI inside the providers and a memory router; other paths render
 * their pathname so tests can see where navigation went.
 */
export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = createTestQueryClient();
  const routes: RouteObject[] = [
    { path: path.split('?')[0], element: ui },
    { path: '*', element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

/** A reload: the app unmounts and starts afresh at the address it was left on. */
export function reloadApp(app: ReturnType<typeof renderApp>) {
  const { pathname, search } = app.router.state.location;
  app.unmount();
  return renderApp(`${pathname}${search}`);
}
