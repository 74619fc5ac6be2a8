import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRouteScreens } from './route-preloads';

// (__dirname: the web project runs in jsdom, where import.meta.url is not a file URL.)
const routesFile = path.resolve(__dirname, '../src/app/routes.tsx');

describe('the screens the build announces per URL (route-preloads.json)', () => {
  const source = fs.readFileSync(routesFile, 'utf8');
  const screens = parseRouteScreens(source);

  it('finds every lazily loaded screen of the router, with its path and module', () => {
    // Every `element: <X />` of the screens list whose X is a lazy route, and no other.
    const lazyNames = [...source.matchAll(/const (\w+) = lazy\(/g)].map((m) => m[1]);
    const shown = [...source.matchAll(/element: <(\w+) \/>/g)]
      .map((m) => m[1])
      .filter((name) => lazyNames.includes(name));
    expect(screens).toHaveLength(shown.length);
    expect(screens).toContainEqual({ path: '', module: 'home' });
    expect(screens).toContainEqual({ path: 'show/:id', module: 'show' });
    expect(screens).toContainEqual({ path: 'reviews', module: 'reviews' });
    expect(screens).toContainEqual({ path: 'lists', module: 'lists' });
    expect(screens).toContainEqual({ path: 'search', module: 'search' });
    expect(screens).toContainEqual({ path: 'profile/:username/year/:year', module: 'year-review' });
  });

  it('pairs a screen with the module its lazy component imports, however it is wrapped', () => {
    const screensOf = parseRouteScreens(`
const AboutRoute = lazy(() =>
  import('./routes/info-pages').then((m) => ({ default: m.AboutRoute })),
);
const Shell = () => null;
const screens = [
  { path: 'about', element: <AboutRoute /> },
  {
    path: 'shell',
    element: <Shell />,
  },
];`);
    expect(screensOf).toEqual([{ path: 'about', module: 'info-pages' }]);
  });
});
