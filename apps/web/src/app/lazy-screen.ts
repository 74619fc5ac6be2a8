import {
  createElement,
  isValidElement,
  lazy,
  startTransition,
  useEffect,
  useReducer,
  type ComponentType,
} from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { PageLoading } from './layout/page-loading';

/** A screen whose code loads on demand, and which can be asked to start loading early. */
export type LazyScreen = ComponentType & {
  preload: () => Promise<unknown>;
  /** Starts loading for the first render: the screen then waits without suspending. */
  preloadForFirstRender: () => void;
};

/**
 * A route screen loaded on demand: `load` imports its module, `name` is the export to render.
 *
 * - `preload()` starts the same import without rendering. The browser fetches a module once, so
 *   rendering afterwards picks up the request in flight, and once the code is here the screen
 *   renders it directly.
 * - On a navigation the screen suspends while its code loads, so React keeps the current page up
 *   (navigations are transitions).
 * - The screen the app opens on is preloaded at boot (`preloadScreen`) and does not suspend: it
 *   shows the loading spinner itself and renders again when its code is here. A suspended
 *   boundary that had shown its spinner is revealed at the earliest 300 ms after it (React's
 *   throttle), which held the first page's main text back even when everything was here (ADR 189).
 */
export function lazyScreen<M, K extends keyof M>(
  load: () => Promise<M>,
  name: M[K] extends ComponentType ? K : never,
): LazyScreen {
  let loaded: ComponentType | undefined;
  let firstRenderLoad: Promise<unknown> | undefined;
  const preload = () =>
    load().then((m) => {
      loaded = m[name] as ComponentType;
      return m;
    });
  // Renders only while the code is still on its way; it resolves after `loaded` is set, so the
  // retry React makes then renders `loaded` itself and this one never mounts.
  const Pending = lazy(() => preload().then(() => ({ default: loaded! })));

  function Screen() {
    const [, renderAgain] = useReducer((n: number) => n + 1, 0);
    const waiting = loaded ? undefined : firstRenderLoad;
    useEffect(() => {
      if (!waiting) return;
      let mounted = true;
      // Loaded: render it. Failed: render again as on a navigation, which loads once more and
      // shows the error page if that fails too. As a transition, so React renders the screen in
      // slices that leave the page responsive, as it does the first render.
      const settled = () => mounted && startTransition(renderAgain);
      waiting.then(settled, settled);
      return () => {
        mounted = false;
      };
    }, [waiting]);
    if (loaded) return createElement(loaded);
    return waiting ? createElement(PageLoading) : createElement(Pending);
  }

  return Object.assign(Screen, {
    preload,
    preloadForFirstRender: () => {
      if (firstRenderLoad) return;
      // After a failed load the screen loads as on a navigation, afresh.
      firstRenderLoad = preload().catch((error: unknown) => {
        firstRenderLoad = undefined;
        throw error;
      });
      // Handled by the screen when it renders; a load nobody renders is not an error.
      firstRenderLoad.catch(() => undefined);
    },
  });
}

function isLazyScreen(type: unknown): type is LazyScreen {
  return typeof (type as Partial<LazyScreen> | null)?.preloadForFirstRender === 'function';
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
  element.type.preloadForFirstRender();
}
