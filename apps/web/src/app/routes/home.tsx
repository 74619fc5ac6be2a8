import { ListOrdered, MessageSquareText, MonitorPlay } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { pageTitle, SITE_SLOGAN } from '@/lib/site';
import { BrandName } from '../layout/brand';

const features = [
  {
    icon: MonitorPlay,
    title: 'Track every episode',
    text: 'Keep a watchlist of what you are watching, what is next and what you finished.',
  },
  {
    icon: MessageSquareText,
    title: 'Rate and review',
    text: 'Score shows and episodes, write reviews and talk them over in the comments.',
  },
  {
    icon: ListOrdered,
    title: 'Build lists',
    text: 'Collect and rank the shows you love, and share them with other viewers.',
  },
] as const;

export function HomeRoute() {
  const { status, user } = useAuth();
  const name = user ? user.displayName?.trim() || user.username : null;

  return (
    <div className="flex-1">
      <title>{pageTitle()}</title>
      <section className="relative overflow-hidden border-b border-slate-800/60">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_60%_60%_at_50%_0%,rgba(124,58,237,0.22),transparent_70%)]"
        />
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-24">
          {status === 'authenticated' && name ? (
            <>
              <p className="text-sm font-semibold tracking-wider text-violet-300 uppercase">
                <BrandName className="font-semibold" />
              </p>
              <h1 className="mt-4 text-4xl font-extrabold tracking-tight text-balance text-white sm:text-5xl">
                Welcome back, {name}
              </h1>
            </>
          ) : (
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-6xl">
              <BrandName className="font-extrabold" />
            </h1>
          )}
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-pretty text-slate-300">
            {SITE_SLOGAN}
          </p>

          {status === 'loading' ? (
            <div className="mt-9 flex min-h-12 items-center justify-center">
              <Spinner className="size-5 text-slate-500" label="Loading" />
            </div>
          ) : status === 'anonymous' ? (
            <div className="mt-9 flex min-h-12 flex-wrap items-center justify-center gap-3">
              <Link to="/register" className={buttonStyles({ size: 'lg' })}>
                Sign Up
              </Link>
              <Link to="/login" className={buttonStyles({ size: 'lg', variant: 'secondary' })}>
                Sign In
              </Link>
            </div>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="features-heading" className="sr-only">
          What you can do
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-800 bg-slate-900/50 p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-violet-500/15 text-violet-300">
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-white">{title}</h3>
              <p className="mt-1.5 text-sm leading-relaxed text-slate-400">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
