import type { RouteObject } from 'react-router';
import { RootLayout } from './layout/root-layout';
import { HomeRoute } from './routes/home';
import { LoginRoute } from './routes/login';
import { NotFoundRoute } from './routes/not-found';
import { RegisterRoute } from './routes/register';
import { RouteErrorRoute } from './routes/route-error';

/**
 * Every path of the spec (§2), in one place. Screens that are not built yet render the
 * not-found page; swap in the real screen here when it lands.
 */
const screens: RouteObject[] = [
  { index: true, element: <HomeRoute /> },
  { path: 'login', element: <LoginRoute /> },
  { path: 'register', element: <RegisterRoute /> },
  { path: 'browse', element: <NotFoundRoute /> },
  { path: 'search', element: <NotFoundRoute /> },
  { path: 'reviews', element: <NotFoundRoute /> },
  { path: 'reviews/write', element: <NotFoundRoute /> },
  { path: 'review/:id', element: <NotFoundRoute /> },
  { path: 'watchlist', element: <NotFoundRoute /> },
  { path: 'lists', element: <NotFoundRoute /> },
  { path: 'lists/create', element: <NotFoundRoute /> },
  { path: 'list/:id', element: <NotFoundRoute /> },
  { path: 'show/:id', element: <NotFoundRoute /> },
  { path: 'episode/:id', element: <NotFoundRoute /> },
  { path: 'profile/:username', element: <NotFoundRoute /> },
  { path: 'today', element: <NotFoundRoute /> },
  { path: 'settings', element: <NotFoundRoute /> },
  // Password reset by email is not built yet; the link to it exists on the login screen.
  { path: 'forgot-password', element: <NotFoundRoute /> },
  { path: '*', element: <NotFoundRoute /> },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorRoute />,
    children: [{ errorElement: <RouteErrorRoute />, children: screens }],
  },
];
