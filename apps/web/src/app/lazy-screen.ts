import { isValidElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A screen whose code loads on demand, and which can be asked to start loading early. */
export type LazyScreen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/**
 * A route screen loaded on demand: `load` imports its module, `name` is the export to render.
 * `preload()` starts the same import without rendering; the browser fetches a module once, so
 * rendering afterwards picks up the request in flight.
 */
export function lazyScreen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: M[K] extends ComponentType ? K : never,
): LazyScreen {
  const Screen = lazy(() => load().then((m) => ({ default: m[name] as ComponentType })));
  return Object.assign(Screen, { preload: load });
}

function isLazyScreen(type: unknown): type is LazyScreen {
  return typeof (type as Partial<LazyScreen> | null)?.preload === 'function';
}

/**
 * Starts loading the code of the screen `pathname` opens, as the app boots: without it the
 * request waits for the first render to reach the screen (the language catalogue, the
 * formatters' warm-up, the layout), a chain of its own before the page can paint (issue 32).
 * A failed load is left to the render, which shows the error page as before.
 */
export function preloadScreen(routes: RouteObject[], pathname: string): void {
  const element = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (!isValidElement(element) || !isLazyScreen(element.type)) return;
  element.type.preload().catch(() => undefined);
}
