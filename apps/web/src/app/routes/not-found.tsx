import { TvMinimal } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { pageTitle } from '@/lib/site';

/**
 * Shown for unknown paths and for screens that are not built yet: an honest dead end,
 * never a mock-up of the missing screen.
 */
export function NotFoundRoute() {
  const intl = useIntl();
  return (
    <StatusPage
      title={intl.formatMessage({ id: 'app.notFound.title', defaultMessage: 'Page Not Found' })}
      message={intl.formatMessage({
        id: 'app.notFound.message',
        defaultMessage: "The page you're looking for doesn't exist or isn't available yet.",
      })}
    />
  );
}

export function StatusPage({
  title,
  message,
  children,
}: {
  title: string;
  message: string;
  children?: React.ReactNode;
}) {
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center sm:py-28">
      <title>{pageTitle(title)}</title>
      <div className="relative mb-8">
        <div
          aria-hidden
          className="absolute inset-0 -z-10 rounded-full bg-violet-600/20 blur-2xl"
        />
        <div className="flex size-20 items-center justify-center rounded-2xl border border-slate-800 bg-slate-900 text-violet-300 shadow-xl shadow-black/40">
          <TvMinimal aria-hidden className="size-10" strokeWidth={1.5} />
        </div>
      </div>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-3 text-base leading-relaxed text-slate-400">{message}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Link to="/" className={buttonStyles({ size: 'lg' })}>
          <FormattedMessage id="app.backToHome" defaultMessage="Back to Home" />
        </Link>
        {children}
      </div>
    </section>
  );
}

/** A page whose first load failed (not a 404): what went wrong and Try again (ADR 162). */
export function LoadErrorPage({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl flex-1 px-4 py-16">
      <ErrorState title={title} error={error} onRetry={onRetry} />
    </div>
  );
}
