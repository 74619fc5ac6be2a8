import type { ShowSummary } from '@series-tracker/contracts';
import { CoverImage, imageSources } from '@/components/ui/cover-image';
import { cn } from '@/lib/cn';

/**
 * A show's backdrop behind a header: decoration behind the text, so it must not compete with
 * the poster for bandwidth, and it goes away if it fails to load. `className` sets its opacity.
 */
export function BackdropImage({ src, className }: { src: string; className: string }) {
  return (
    <img
      src={src}
      alt=""
      fetchPriority="low"
      decoding="async"
      className={cn('absolute inset-0 -z-20 size-full object-cover', className)}
      onError={(event) => {
        event.currentTarget.style.display = 'none';
      }}
    />
  );
}

/** The big poster of the show page's header and the home page hero (loaded first). */
export function HeroCover({
  show,
}: {
  show: Pick<ShowSummary, 'coverThumbUrl' | 'coverImageUrl' | 'title'>;
}) {
  return (
    <CoverImage
      {...imageSources(show.coverThumbUrl, show.coverImageUrl)}
      sizes="(min-width: 40rem) 13rem, 9rem"
      title={show.title}
      priority
      className="aspect-[2/3] w-36 shrink-0 rounded-2xl border border-slate-700/60 shadow-2xl shadow-black/50 sm:w-52"
    />
  );
}
