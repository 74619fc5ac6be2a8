import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Mounts its children once the screen above them has painted (ADR 020): the first commit of a
 * screen then carries only what the visitor sees first (the home hero, a show's header and
 * synopsis), and the sections below it render, and start their requests, right after that
 * first paint instead of delaying it. `ready` holds the children back until the content above
 * them has arrived (its query settled); once mounted they stay mounted.
 *
 * Only for content below the first screen: nothing visible moves when it appears, because it
 * is added under what is already painted (and `main` is a screen tall, so the footer is out of
 * sight until then).
 */
export function AfterPaint({ ready = true, children }: { ready?: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    if (!ready || mounted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const mount = () => {
      // A task queued from the frame callback runs after that frame has painted.
      timer = setTimeout(() => startTransition(() => setMounted(true)), 0);
    };
    if (typeof requestAnimationFrame !== 'function') {
      mount();
      return () => clearTimeout(timer);
    }
    const frame = requestAnimationFrame(mount);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready, mounted]);

  return mounted ? children : null;
}
