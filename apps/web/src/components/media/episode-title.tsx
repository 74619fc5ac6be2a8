/**
 * ' · Title' after an episode's code (S1E2 · Pilot), the title in its own direction; nothing
 * when there is no title to show (none, or hidden as a spoiler).
 */
export function EpisodeTitleAfterCode({ title }: { title: string | null | undefined }) {
  if (!title) return null;
  return (
    <>
      {' · '}
      <span dir="auto">{title}</span>
    </>
  );
}
