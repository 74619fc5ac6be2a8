import { Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { Toaster } from '@/components/ui/toaster';
import { SuspensionBanner } from '@/features/moderation/components/suspension-banner';
import { RouteErrorBoundary } from '../routes/route-error';
import { Footer } from './footer';
import { Header } from './header';
import { OfflineBanner } from './offline-banner';
import { PageLoading } from './page-loading';
import { ScrollRestoration } from './scroll-restoration';

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-violet-600 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
      >
        <FormattedMessage id="app.skipToContent" defaultMessage="Skip to content" />
      </a>
      <Header />
      <SuspensionBanner />
      <OfflineBanner />
      {/*
        At least one screen tall below the 4rem header, so the footer starts below the fold:
        while a screen loads, its content never pushes a visible footer down (layout shift).
      */}
      <main
        id="main"
        tabIndex={-1}
        className="flex min-h-[calc(100dvh-4rem)] flex-1 flex-col focus:outline-none"
      >
        <RouteErrorBoundary resetKey={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Footer />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
