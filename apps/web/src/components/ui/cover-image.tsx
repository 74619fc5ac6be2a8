import { Clapperboard } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

// A few calm gradients; the title picks one so a placeholder looks the same everywhere.
const tones = [
  'from-violet-900/80 via-slate-900 to-slate-950',
  'from-indigo-900/80 via-slate-900 to-slate-950',
  'from-fuchsia-900/70 via-slate-900 to-slate-950',
  'from-sky-900/70 via-slate-900 to-slate-950',
  'from-teal-900/70 via-slate-900 to-slate-950',
] as const;

function toneFor(label: string): string {
  let hash = 0;
  for (const char of label) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return tones[Math.abs(hash) % tones.length]!;
}

export interface CoverImageProps {
  src: string | null | undefined;
  /** The title the image shows; used for alt text and the placeholder. */
  title: string;
  className?: string;
  /** Show the title on the placeholder (posters); icon only for small thumbs and stills. */
  showTitle?: boolean;
  /** Decorative images (the title is printed right next to it) get empty alt text. */
  decorative?: boolean;
  /** Off-screen images wait until they are scrolled near (the default). */
  loading?: 'lazy' | 'eager';
  /** The screen's main image (home hero, show poster, episode still): loaded at once, first. */
  priority?: boolean;
  /**
   * Poster (2:3, TVmaze's 210×295 'medium') or still (16:9, 250×140). Gives the image its
   * intrinsic size; the box itself is sized by className (an aspect-ratio box), so nothing
   * moves when the image arrives, fails or never comes.
   */
  shape?: 'poster' | 'still';
  /** Several sizes of the same image (see {@link imageSources}) and the box's width. */
  srcSet?: string;
  sizes?: string;
}

const intrinsic = {
  poster: { width: 210, height: 295 },
  still: { width: 250, height: 140 },
} as const;

/**
 * A srcset from the catalogue's two sizes of one image, the small one ('medium': 210 px
 * posters, 250 px stills) and the original (about 680 px posters, 1280 px+ stills), so a
 * large box gets the original and a small one the thumbnail.
 */
export function imageSources(
  thumb: string | null | undefined,
  original: string | null | undefined,
  shape: 'poster' | 'still' = 'poster',
): { src: string | null; srcSet?: string } {
  const small = thumb ?? original ?? null;
  if (!thumb || !original || thumb === original) return { src: small };
  const [thumbWidth, originalWidth] = shape === 'poster' ? [210, 680] : [250, 1280];
  return { src: small, srcSet: `${thumb} ${thumbWidth}w, ${original} ${originalWidth}w` };
}

/**
 * A poster, still or thumbnail that never shows a broken image: no URL, or one that fails to
 * load, gives a placeholder that looks intentional (most anime in the catalogue have no art).
 */
export function CoverImage({
  src,
  title,
  className,
  showTitle = true,
  decorative = false,
  loading = 'lazy',
  priority = false,
  shape = 'poster',
  srcSet,
  sizes,
}: CoverImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const usable = src && src !== failedSrc ? src : null;

  if (usable) {
    return (
      <img
        src={usable}
        srcSet={srcSet}
        sizes={srcSet ? sizes : undefined}
        alt={decorative ? '' : title}
        width={intrinsic[shape].width}
        height={intrinsic[shape].height}
        loading={priority ? 'eager' : loading}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('bg-slate-800 object-cover', className)}
        onError={() => setFailedSrc(usable)}
      />
    );
  }
  return (
    <div
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : title}
      aria-hidden={decorative ? true : undefined}
      data-testid="cover-placeholder"
      className={cn(
        'relative flex flex-col items-center justify-center gap-2 overflow-hidden bg-gradient-to-br p-3 text-center',
        toneFor(title),
        className,
      )}
    >
      <Clapperboard aria-hidden className="size-7 shrink-0 text-white/25" strokeWidth={1.5} />
      {showTitle ? (
        <span className="line-clamp-3 text-xs leading-snug font-semibold text-balance text-white/60">
          {title}
        </span>
      ) : null}
    </div>
  );
}
