import type { LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * The head of a step that replaced a form (mail sent, second factor): an icon and a heading
 * the keyboard moves to, since the form it was in is gone; `children` go under the heading.
 */
export function StepHeading({
  id,
  icon: Icon,
  title,
  children,
}: {
  id: string;
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-violet-500/15 text-violet-300">
        <Icon aria-hidden className="size-6" />
      </span>
      <h2
        id={id}
        ref={ref}
        tabIndex={-1}
        className="text-xl font-semibold text-white focus:outline-none"
      >
        {title}
      </h2>
      {children}
    </div>
  );
}
