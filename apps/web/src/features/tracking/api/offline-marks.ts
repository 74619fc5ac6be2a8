import type { ShowProgress } from '@series-tracker/contracts';
import { useSyncExternalStore } from 'react';
import { deviceOwner, OFFLINE_MARKS_KEY, readJson, writeJson } from '@/lib/offline-store';

/**
 * An episode mark made while the server could not be reached (ADR 162): kept on this device
 * in the order it was made and sent later with its own Idempotency-Key, so a send whose answer
 * was lost is applied once when it is sent again.
 */
export interface PendingMark {
  key: string;
  owner: string;
  episodeId: number;
  showId: number;
  watched: boolean;
  /** 'S1E2', for messages. */
  code: string;
  /** A regular, aired episode: counts in 'N of M watched'. */
  counts: boolean;
  /** When the member tapped: sent as the watch's date (ADR 176), shown while it waits. */
  queuedAt: string;
}

const EMPTY: PendingMark[] = [];
let all: PendingMark[] = readJson<PendingMark[]>(OFFLINE_MARKS_KEY) ?? EMPTY;
const listeners = new Set<() => void>();

function save(next: PendingMark[]) {
  all = next;
  writeJson(OFFLINE_MARKS_KEY, next);
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  // Another tab queued or sent marks (or signed out, which clears them).
  window.addEventListener('storage', (event) => {
    if (event.key !== OFFLINE_MARKS_KEY && event.key !== null) return;
    all = readJson<PendingMark[]>(OFFLINE_MARKS_KEY) ?? EMPTY;
    for (const listener of listeners) listener();
  });
}

export function newIdempotencyKey(): string {
  const random =
    globalThis.crypto?.randomUUID?.() ??
    `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
  return `mark-${random}`;
}

/** This member's queued marks, oldest first (another member's are never shown or sent). */
export function pendingMarks(): PendingMark[] {
  const owner = deviceOwner();
  return all.filter((mark) => mark.owner === owner);
}

export function enqueueMark(mark: Omit<PendingMark, 'owner'>) {
  save([...all, { ...mark, owner: deviceOwner() }]);
}

export function removeMark(key: string) {
  save(all.filter((mark) => mark.key !== key));
}

/** Sign-out cleared storage: forget the in-memory copy too. */
export function forgetMarks() {
  save(EMPTY);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let lastAll: PendingMark[] | null = null;
let lastOwner = '';
let lastMine: PendingMark[] = EMPTY;
function mine(): PendingMark[] {
  const owner = deviceOwner();
  if (all !== lastAll || owner !== lastOwner) {
    lastAll = all;
    lastOwner = owner;
    const filtered = all.filter((mark) => mark.owner === owner);
    lastMine = filtered.length ? filtered : EMPTY;
  }
  return lastMine;
}

export function usePendingMarks(): PendingMark[] {
  return useSyncExternalStore(subscribe, mine, () => EMPTY);
}

const overlays = new WeakMap<ShowProgress, { marks: PendingMark[]; result: ShowProgress }>();
/**
 * The server's progress with this show's queued marks applied on top, so the screen shows
 * what the member did while offline until the queue is sent.
 */
export function withPendingMarks(
  progress: ShowProgress | undefined,
  marks: PendingMark[],
): ShowProgress | undefined {
  if (!progress) return progress;
  const forShow = marks.filter((mark) => mark.showId === progress.showId);
  if (forShow.length === 0) return progress;
  const cached = overlays.get(progress);
  if (cached?.marks === marks) return cached.result;
  const data = new Map(progress.data.map((p) => [p.episodeId, p]));
  let aired = progress.watchedAiredCount;
  let watchedCount = progress.watchedCount;
  for (const mark of forShow) {
    const was = data.has(mark.episodeId);
    if (mark.watched === was) continue;
    if (mark.watched)
      data.set(mark.episodeId, { episodeId: mark.episodeId, watchedAt: mark.queuedAt });
    else data.delete(mark.episodeId);
    const step = mark.watched ? 1 : -1;
    if (mark.counts) {
      aired += step;
      watchedCount += step;
    }
  }
  const result = {
    ...progress,
    data: [...data.values()],
    watchedAiredCount: Math.max(0, Math.min(aired, progress.airedCount)),
    watchedCount: Math.max(0, watchedCount),
  };
  overlays.set(progress, { marks, result });
  return result;
}
