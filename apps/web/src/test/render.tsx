import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProvider } from '@/app/provider';
import { loadCatalogue, type UiLocale } from '@/i18n';
import { routes as appRoutes } from '@/app/routes';

/** A language to render in: `await inLanguage('de')`; tests render in English without one. */
export type TestLanguage = {
  locale: UiLocale;
  messages: Awaited<ReturnType<typeof loadCatalogue>>;
};

export async function inLanguage(locale: UiLocale): Promise<TestLanguage> {
  return { locale, messages: await loadCatalogue(locale) };
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Renders the whole app (layout, routes, providers) at `path`, in memory. */
export function renderApp(
  path = '/',
  { state, i18n }: { state?: unknown; i18n?: TestLanguage } = {},
) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(appRoutes, {
    initialEntries: [state === undefined ? path : { pathname: path, state }],
  });
  const utils = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient };
}

/**
 * Renders one piece of UI inside the providers and a memory router; other paths render
 * their pathname so tests can see where navigation went.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', i18n }: { path?: string; i18n?: TestLanguage } = {},
) {
  const queryClient = createTestQueryClient();
  const routes: RouteObject[] = [
    { path: path.split('?')[0], element: ui },
    { path: '*', element: <LocationProbe /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={queryClient} i18n={i18n}>
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
