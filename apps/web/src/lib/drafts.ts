import { useCallback, useEffect, useRef, useState } from 'react';
import { readJson, removeKey, writeJson } from './offline-store';

/*
 * Drafts of what a member writes (reviews, comments, replies), kept on this device until
 * they are published or discarded (ADR 162): a half-written review survives navigating away,
 * a reload, or the network dropping. One entry per member and target; nothing leaves the
 * device. Drafts older than 30 days are forgotten.
 */
const PREFIX = 'series-tracker.draft.';
const MAX_AGE_MS = 30 * 24 * 3600 * 1000;

interface Stored<T> {
  value: T;
  savedAt: number;
}

export function draftKey(userId: number, target: string): string {
  return `${PREFIX}${userId}.${target}`;
}

export function readDraft<T>(key: string): T | null {
  const stored = readJson<Stored<T>>(key);
  if (!stored || Date.now() - stored.savedAt > MAX_AGE_MS) return null;
  return stored.value;
}

export function clearDraft(key: string): void {
  removeKey(key);
}

/**
 * State backed by a stored draft: starts from the draft when there is one (`restored` true),
 * else from `initial`; each change is saved shortly after; `discard` goes back to `initial`
 * and forgets the draft; `clear` forgets it (after publishing). A null key keeps nothing.
 * `isEmpty`: a draft with nothing worth keeping is removed rather than stored.
 */
export function useDraft<T>(key: string | null, initial: T, isEmpty: (value: T) => boolean) {
  const [restored, setRestored] = useState(() => (key ? readDraft<T>(key) !== null : false));
  const [value, setValue] = useState<T>(() => (key ? (readDraft<T>(key) ?? initial) : initial));
  const [changed, setChanged] = useState(false);
  const keyRef = useRef(key);
  const dirty = useRef(false);

  useEffect(() => {
    keyRef.current = key;
  }, [key]);

  // Saved as soon as it changes: leaving the page right after typing keeps every character.
  // (`isEmpty` should be a module-level function, so this runs only when the text changes.)
  useEffect(() => {
    if (!key || !dirty.current) return;
    if (isEmpty(value)) removeKey(key);
    else writeJson(key, { value, savedAt: Date.now() } satisfies Stored<T>);
  }, [key, value, isEmpty]);

  const set = useCallback((next: T | ((old: T) => T)) => {
    dirty.current = true;
    setChanged(true);
    setValue(next);
  }, []);

  const clear = useCallback(() => {
    dirty.current = false;
    if (keyRef.current) removeKey(keyRef.current);
    setRestored(false);
    setChanged(false);
  }, []);

  const discard = useCallback(() => {
    clear();
    setValue(initial);
  }, [clear, initial]);

  /** Something is kept on this device for this target. */
  const hasDraft = key !== null && (restored || changed) && !isEmpty(value);
  return { value, set, clear, discard, restored, hasDraft };
}
