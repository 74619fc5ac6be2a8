import { createBrowserRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

/**
 * The app's router. Made by main.tsx in a task of its own after the modules have run, so
 * start-up is a few short tasks rather than one long one (issue 32).
 */
export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return <RouterProvider router={router} />;
}
