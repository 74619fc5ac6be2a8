import { showSubtitle } from '@/lib/show-title';

/**
 * The line under a show's title (`showSubtitle`: its native title, else its English one when
 * they differ from the title), in its own direction and language; nothing when there is none.
 */
export function ShowSubtitle({
  show,
  as: Tag = 'p',
  className,
}: {
  show: Parameters<typeof showSubtitle>[0];
  as?: 'p' | 'span';
  className: string;
}) {
  const subtitle = showSubtitle(show);
  if (!subtitle) return null;
  return (
    <Tag dir="auto" lang={subtitle.lang} className={className}>
      {subtitle.text}
    </Tag>
  );
}
