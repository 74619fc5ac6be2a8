import { CoverImage } from '@/components/ui/cover-image';

/** What a thumbnail needs of a show (a summary, a list item's show, a picked show). */
export interface ThumbShow {
  title: string;
  coverImageUrl: string | null;
  coverThumbUrl?: string | null;
}

/**
 * A show's small cover beside its printed title (pickers, suggestions, result rows): the
 * thumbnail when there is one, else the cover; decorative (the title is next to it) and an
 * icon, not the title, on the placeholder.
 */
export function ShowThumb({ show, className }: { show: ThumbShow; className?: string }) {
  return (
    <CoverImage
      src={show.coverThumbUrl ?? show.coverImageUrl}
      title={show.title}
      decorative
      showTitle={false}
      className={className}
    />
  );
}
