import { useState } from 'react';
import { cn } from '@/lib/cn';

export interface AvatarUser {
  username?: string | null | undefined;
  displayName?: string | null | undefined;
  avatarUrl?: string | null | undefined;
}

/** First letter of the display name, else of the username, upper-cased; else 'U' (spec §2). */
export function getAvatarInitial(user: AvatarUser | null | undefined): string {
  const name = user?.displayName?.trim() || user?.username?.trim() || '';
  // Array.from keeps a letter outside the BMP (or an emoji) whole.
  const first = Array.from(name)[0];
  return first ? first.toLocaleUpperCase() : 'U';
}

const sizes = {
  sm: 'size-8 text-sm',
  md: 'size-10 text-base',
  lg: 'size-16 text-2xl',
  xl: 'size-24 text-4xl',
} as const;

/**
 * Uploaded avatars come in 256 and 64 px WebP (account feature); small circles load the
 * 64 px file. Any other address is used as it is.
 */
export function avatarSrc(url: string, size: keyof typeof sizes): string {
  return size === 'sm' || size === 'md'
    ? url.replace(/^(\/uploads\/avatars\/.+)-256\.webp$/, '$1-64.webp')
    : url;
}

export interface AvatarProps {
  user: AvatarUser | null | undefined;
  size?: keyof typeof sizes;
  className?: string;
  /** Alt text of the image; empty (decorative) when a nearby label names the user. */
  alt?: string;
}

/** The user's picture, or their initial when there is none or it fails to load. */
export function Avatar({ user, size = 'md', className, alt = '' }: AvatarProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = user?.avatarUrl ? avatarSrc(user.avatarUrl, size) : null;
  const showImage = src !== null && src !== failedSrc;
  const classes = cn(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full select-none',
    sizes[size],
    className,
  );

  if (showImage) {
    return (
      <span className={cn(classes, 'bg-slate-800')}>
        <img
          src={src}
          alt={alt}
          className="size-full object-cover"
          onError={() => setFailedSrc(src)}
        />
      </span>
    );
  }
  return (
    <span
      className={cn(
        classes,
        'bg-gradient-to-br from-violet-500 to-indigo-600 font-semibold text-white',
      )}
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      data-testid="avatar-initial"
    >
      {getAvatarInitial(user)}
    </span>
  );
}
