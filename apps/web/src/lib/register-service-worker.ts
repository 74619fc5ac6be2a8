/**
 * Installs the service worker (ADR 162) once the page has loaded, so its download of the
 * app's files never competes with the first paint. Only in a production build: the dev
 * server's files change on every edit.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without it the app works as before, online only.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
