import { CoverSkeleton } from '@/components/media/media-skeleton';

/**
 * The two bands at the top of a page with a big cover, as they load: the show page's header
 * and the home page's trending hero. Each keeps the spacing and lines of what replaces it.
 */
const heroes = {
  show: {
    testId: 'show-skeleton',
    className:
      'mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-10 pb-8 sm:flex-row sm:items-end sm:gap-8 sm:px-6 sm:pt-16',
    linesClassName: 'flex-1 space-y-3',
    lines: ['h-5 w-40', 'h-10 w-2/3', 'h-5 w-1/2', 'h-7 w-64 rounded-full'],
  },
  trending: {
    testId: 'hero-skeleton',
    className:
      'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:flex-row sm:items-center sm:gap-10 sm:px-6 sm:py-14',
    linesClassName: 'flex-1 space-y-4',
    lines: ['h-6 w-40 rounded-full', 'h-12 w-3/4', 'h-5 w-1/2', 'h-16 w-full max-w-2xl'],
  },
};

export function HeroSkeleton({ kind }: { kind: keyof typeof heroes }) {
  const { testId, ...band } = heroes[kind];
  return (
    <div className="border-b border-slate-800/60" data-testid={testId}>
      <CoverSkeleton {...band} cover="aspect-[2/3] w-36 shrink-0 rounded-2xl sm:w-52" />
    </div>
  );
}
