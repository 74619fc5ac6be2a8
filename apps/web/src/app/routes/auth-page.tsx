import type { ReactNode } from 'react';
import { BrandMark } from '@/app/layout/brand';
import { pageTitle } from '@/lib/site';

/** The frame shared by the sign-in and sign-up screens. */
export function AuthPage({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden
        className="pointer-events-none absolute top-0 left-1/2 -z-10 h-80 w-[40rem] -translate-x-1/2 rounded-full bg-violet-700/15 blur-3xl"
      />
      <section className="w-full max-w-md rounded-2xl border border-slate-800 bg-slate-900/60 p-6 shadow-2xl shadow-black/40 sm:p-8">
        <title>{pageTitle(title)}</title>
        <div className="mb-7 text-center">
          <BrandMark className="mx-auto mb-4 size-11" />
          <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{title}</h1>
          <p className="mt-2 text-sm text-slate-400">{subtitle}</p>
        </div>
        {children}
      </section>
    </div>
  );
}
