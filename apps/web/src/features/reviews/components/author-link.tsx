import { cn } from '@/lib/cn';

/**
 * An author's name. Spec §2 links it to /profile/{username}; profiles arrive with the people
 * issue, and until that route is built no link may lead to "Page Not Found" (ADR 032). When
 * it lands, this one component becomes a `<Link to={`/profile/${username}`}>`.
 */
export function AuthorLink({
  user,
  className,
}: {
  user: { username: string; displayName: string | null } | null;
  className?: string;
}) {
  if (!user) return <span className={cn('text-slate-400', className)}>Anonymous</span>;
  return (
    <span className={cn('font-medium text-slate-100', className)}>
      {user.displayName || user.username}
    </span>
  );
}
