import { Link } from 'react-router';
import { CoverImage } from './cover-image';

/**
 * A small cover beside a title that links to the same place: a link for the pointer only
 * (hidden from the keyboard and readers, who use the title's link).
 */
export function CoverLink({
  to,
  src,
  title,
  className,
  linkClassName,
}: {
  to: string;
  src: string | null | undefined;
  title: string;
  /** The cover's size and corners. */
  className: string;
  linkClassName: string;
}) {
  return (
    <Link to={to} className={linkClassName} tabIndex={-1} aria-hidden>
      <CoverImage src={src} title={title} decorative showTitle={false} className={className} />
    </Link>
  );
}
