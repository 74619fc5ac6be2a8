/**
 * Whether the server answers (ADR 176). The browser's `online` event only says the device
 * has a network; a server that restarts, or a network that comes back without the event,
 * is noticed by asking: while a request has gone unanswered, `/api/health` is asked every
 * PROBE_MS, and at once on `online`. The first answer (a probe's or any other request's)
 * tells every listener — pages retry what failed, the offline queue is sent — instead of
 * each waiting for its own timer.
 */

export const PROBE_MS = 2_000;
const HEALTH_URL = '/api/health';

let unreachable = false;
let timer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function schedule(delay: number) {
  if (timer !== null) clearTimeout(timer);
  timer = setTimeout(() => void probe(), delay);
}

async function probe() {
  timer = null;
  if (!unreachable) return;
  // No network at all: the `online` event will say when to ask.
  if (!navigator.onLine) return;
  try {
    const response = await fetch(HEALTH_URL, { cache: 'no-store' });
    // A gateway's "the server is down" is not the server answering.
    if (response.status !== 502 && response.status !== 504) {
      serverAnswered();
      return;
    }
  } catch {
    // Still nobody there.
  }
  if (unreachable) schedule(PROBE_MS);
}

/** A request got no answer: start asking until one comes. */
export function serverUnreachable() {
  if (unreachable) return;
  unreachable = true;
  schedule(PROBE_MS);
}

/** Something answered. When requests had gone unanswered, everyone waiting is told. */
export function serverAnswered() {
  if (!unreachable) return;
  unreachable = false;
  if (timer !== null) clearTimeout(timer);
  timer = null;
  for (const listener of [...listeners]) listener();
}

export function isServerUnreachable(): boolean {
  return unreachable;
}

/** Called when the server answers again after requests went unanswered. */
export function onReconnect(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

if (typeof window !== 'undefined') {
  // The network is back: ask now rather than at the next probe.
  window.addEventListener('online', () => {
    if (unreachable) schedule(0);
  });
}
