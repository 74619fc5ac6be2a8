/*
 * Series Tracker's service worker (ADR 162, ADR 185). The build (build/service-worker.ts) puts
 * `VERSION`, `SHELL` (index.html, the entry chunk and its static imports, the stylesheet, the
 * manifest and icons) and `LAZY` (every other file of the build: each screen's chunks) in front
 * of this file and writes it to dist/sw.js.
 *
 * - Install caches the shell only, from the browser's cache where it can (a fingerprinted name
 *   is its content), so installing costs the first visit next to nothing. A chunk a page loads
 *   is kept as it passes. Once the page is idle it sends `warm` with the files it loaded; those
 *   are kept, then the rest of `LAZY`, one file at a time, so every screen and tab opens
 *   offline without the worker competing with the first visit. Fingerprinted files are served
 *   from the cache.
 * - Page loads ask the network first and fall back to the cached shell when it does not answer.
 * - API answers are never cached here: what a member has seen stays readable through the app's
 *   own per-member store (app/offline-cache.ts), which sign-out clears. This worker holds
 *   nothing private, so it needs no clearing per member.
 * - Posters and stills (other hosts) are kept, a bounded number, so saved pages keep pictures.
 */
const SHELL_CACHE = `shell-${VERSION}`;
const IMAGE_CACHE = 'images-v1';
const IMAGE_LIMIT = 200;
const SHELL_URL = '/index.html';
const KNOWN = new Set([...SHELL, ...LAZY]);

/** A fingerprinted file may come from the browser's cache; index.html, the manifest, icons not. */
function precacheRequest(file) {
  return new Request(file, { cache: file.startsWith('/assets/') ? 'default' : 'reload' });
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL.map(precacheRequest)))
      .then(() => self.skipWaiting()),
  );
});

let warming = null;

/** Keeps `first` (what the page loaded), then the rest of the build, one file at a time. */
async function warm(first) {
  const cache = await caches.open(SHELL_CACHE);
  const files = [...new Set([...first.filter((file) => KNOWN.has(file)), ...LAZY])];
  for (const file of files) {
    if (await cache.match(file)) continue;
    try {
      const response = await fetch(precacheRequest(file));
      if (response.ok) await cache.put(file, response);
    } catch {
      // Offline or the server went away: what is missing is kept when a page loads it.
      return;
    }
  }
}

self.addEventListener('message', (event) => {
  const data = event.data;
  if (!data || data.type !== 'warm' || !Array.isArray(data.files)) return;
  warming ??= warm(data.files.filter((file) => typeof file === 'string')).finally(() => {
    warming = null;
  });
  event.waitUntil(warming);
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((key) => key.startsWith('shell-') && key !== SHELL_CACHE)
            .map((key) => caches.delete(key)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function fromShellCache(request) {
  const cache = await caches.open(SHELL_CACHE);
  return cache.match(request, { ignoreSearch: true });
}

async function navigation(request) {
  try {
    const response = await fetch(request);
    if (response.status < 500) return response;
    return (await fromShellCache(SHELL_URL)) ?? response;
  } catch (error) {
    const shell = await fromShellCache(SHELL_URL);
    if (shell) return shell;
    throw error;
  }
}

async function asset(request) {
  const cached = await fromShellCache(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(SHELL_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

async function image(request) {
  const cache = await caches.open(IMAGE_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok || response.type === 'opaque') {
    await cache.put(request, response.clone());
    const keys = await cache.keys();
    await Promise.all(
      keys.slice(0, Math.max(0, keys.length - IMAGE_LIMIT)).map((k) => cache.delete(k)),
    );
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin === self.location.origin) {
    // The API and uploads go to the network, untouched (never cached here: see above).
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/uploads/')) return;
    if (url.pathname === '/sw.js') return;
    if (request.mode === 'navigate') {
      event.respondWith(navigation(request));
      return;
    }
    event.respondWith(asset(request));
    return;
  }
  if (request.destination === 'image') event.respondWith(image(request));
});
