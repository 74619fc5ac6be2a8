import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startOfflineMarkSync } from '@/features/tracking/api/sync-offline-marks';
import { createQueryClient, refetchFailedOnReconnect } from '@/lib/query-client';
import { formatterWarmUps, initialLocale, loadCatalogue } from '@/i18n';
import { registerServiceWorker } from '@/lib/register-service-worker';
import { persistQueryCache, restoreQueryCache } from './app/offline-cache';
import { preloadScreen } from './app/lazy-screen';
import { prefetchRouteData } from './app/prefetch';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { routes } from './app/routes';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

const queryClient = createQueryClient();
// Pages seen before are readable offline; marks made offline are sent once back (ADR 162).
restoreQueryCache(queryClient);
persistQueryCache(queryClient);
startOfflineMarkSync(queryClient);
refetchFailedOnReconnect(queryClient);
registerServiceWorker();
// The first screen's main request, then its code, start now, not after the first render
// reaches the screen: side by side instead of one after the other. The request goes first: it
// is small, and over HTTP/1.1's six connections it would otherwise queue behind the scripts.
prefetchRouteData(queryClient, window.location.pathname);
preloadScreen(routes, window.location.pathname);

// The first catalogue is here before the first render, so no screen paints in English first.
const locale = initialLocale();
const messages = await loadCatalogue(locale).catch(() => ({}));

// Start-up is a few short tasks instead of one long one the page cannot answer during
// (issue 32, ADR 187): the modules above, then the language's Intl data, then the first
// render (where the first screen's lazy code starts loading).
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
for (const warmUp of formatterWarmUps(locale)) {
  await nextTask();
  warmUp();
}
await nextTask();

const root = createRoot(container);
// The first render runs as a transition, so React yields to the browser every few
// milliseconds instead of blocking the main thread while the whole shell mounts.
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider queryClient={queryClient} i18n={{ locale, messages }}>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
});
