import { BrowserRouter, useLocation, useRoutes } from 'react-router';
import { RouteErrorBoundary } from './routes/route-error';
import { routes } from './routes';

/**
 * The route table as elements, inside whatever router holds the address (the browser's in
 * the app, a memory one in tests). React Router's declarative mode, not its data router: the
 * app loads no route data through the router, and the data router cost every first load about
 * 17 kB compressed and a task of its own to create (ADR 188).
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  // Last resort when the layout itself fails; a screen's own failure is caught inside the
  // layout (RootLayout), so the header stays.
  return <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>;
}

/** The app's router: the browser's address; each navigation renders in a transition. */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
