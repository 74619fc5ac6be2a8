/*
 * Series Tracker's service worker (ADR 162). The build (build/service-worker.ts) puts
 * `VERSION` and `PRECACHE` (every file of the build: the app shell, each screen's chunk, the
 * icons) in front of this file and writes it to dist/sw.js.
 *
 * - The shell and every chunk are cached on install, so the app starts, and every screen
 *   opens, with the server unreachable. Fingerprinted files are served from the cache.
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

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((file) => new Request(file, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
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
