import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { pageTitle } from '@/lib/site';

/** The frame and links the info pages share (About, Privacy, Terms: info-pages.tsx; Help). */

export const link =
  'rounded font-medium text-violet-300 underline decoration-violet-500/40 underline-offset-2 hover:text-violet-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-400';

export function InfoPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl flex-1 px-4 py-10 sm:px-6 sm:py-14">
      <title>{pageTitle(title)}</title>
      <h1 className="text-3xl font-bold tracking-tight text-white sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg leading-relaxed text-slate-300">{intro}</p>
      <div className="mt-8 space-y-8 leading-relaxed text-slate-300 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-white [&_li]:mt-1.5 [&_p]:mt-2 [&_ul]:mt-2 [&_ul]:list-disc [&_ul]:ps-5">
        {children}
      </div>
    </article>
  );
}

/** A rich-text tag's renderer: the tag's words, linked to another site in a new tab. */
export const external = (href: string) =>
  function ExternalLink(chunks: ReactNode) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={link}>
        {chunks}
      </a>
    );
  };

/** A rich-text tag's renderer: the tag's words, linked to a screen of the site (`plain`: unstyled). */
export const internal = (to: string, { plain = false } = {}) =>
  function InternalLink(chunks: ReactNode) {
    return (
      <Link to={to} className={plain ? undefined : link}>
        {chunks}
      </Link>
    );
  };
