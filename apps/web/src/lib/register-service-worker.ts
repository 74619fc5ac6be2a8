/**
 * Installs the service worker (ADR 162) once the page has loaded, so it never competes with
 * the first paint. Its install keeps only the shell; once the page is idle it is asked to keep
 * the files this page loaded and then the rest of the build, in the background (ADR 185).
 * Only in a production build: the dev server's files change on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker
      .register('/sw.js')
      .then(() => navigator.serviceWorker.ready)
      .then((registration) => whenIdle(() => warm(registration)))
      .catch(() => {
        // Without it the app works as before, online only.
      });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

function whenIdle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5_000 });
  else setTimeout(run, 1_000);
}

/** The app's own files this page has loaded so far (same origin, under /assets/). */
export function loadedAssets(): string[] {
  return performance
    .getEntriesByType('resource')
    .map((entry) => new URL(entry.name))
    .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
    .map((url) => url.pathname);
}

function warm(registration: ServiceWorkerRegistration) {
  registration.active?.postMessage({ type: 'warm', files: loadedAssets() });
}
