import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { keepsScroll } from '@/lib/keep-scroll';

const storageKey = 'scroll-positions';
/** Enough history entries for any real session; the oldest are dropped first. */
const keep = 100;

function readPositions(): Map<string, number> {
  try {
    const saved: unknown = JSON.parse(window.sessionStorage.getItem(storageKey) ?? '[]');
    if (!Array.isArray(saved)) return new Map();
    return new Map(
      saved.filter(
        (entry): entry is [string, number] =>
          Array.isArray(entry) && typeof entry[0] === 'string' && Number.isFinite(entry[1]),
      ),
    );
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify([...positions].slice(-keep)));
  } catch {
    // Storage full or blocked: Back still works within this page's life, from memory.
  }
}

function fragment(hash: string) {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * What a browser does for ordinary pages, for the app's screens (ADR 188): a new address starts
 * at the top (or at its #fragment), unless it is a tab or filter of the same screen reached with
 * `keepScroll`; Back and Forward return to where the member was on that entry, also after a
 * reload (positions are kept per history entry for the tab's session).
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  // This tab's saved positions, read once; written back when the page is hidden.
  const [positions] = useState(readPositions);
  // A page opened by its address has the key "default" in every tab; its path tells them apart.
  const entry = `${location.key} ${location.pathname}${location.search}`;
  // The entry whose position scrolling records: the one on screen, set as it is committed.
  const current = useRef(entry);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const record = () => {
      positions.delete(current.current);
      positions.set(current.current, window.scrollY);
    };
    const save = () => {
      record();
      writePositions(positions);
    };
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, [positions]);

  useLayoutEffect(() => {
    current.current = entry;
    if (action === 'POP') {
      const saved = positions.get(entry);
      if (saved !== undefined) {
        window.scrollTo(0, saved);
        return;
      }
    }
    const target = location.hash ? document.getElementById(fragment(location.hash)) : null;
    if (target) target.scrollIntoView();
    else if (action !== 'POP' && !keepsScroll(location.state)) window.scrollTo(0, 0);
  }, [entry, location.hash, location.state, action, positions]);

  return null;
}
