import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { registerViaUi } from './helpers';

const here = path.dirname(fileURLToPath(import.meta.url));
// Jellyfin's webhook plugin, PlaybackStop of Breaking Bad S1E2 past 90 % (recorded shape).
const jellyfinStop = JSON.parse(
  fs.readFileSync(
    path.join(here, '../../apps/api/test/fixtures/scrobble/jellyfin-playback-stop.json'),
    'utf8',
  ),
) as Record<string, unknown>;

test('a Jellyfin webhook marks the next episode watched; settings list the event and API tokens are shown once', async ({
  page,
  request,
}) => {
  await registerViaUi(page);
  // Watching Breaking Bad: S1E1 marked on the site.
  const found = await page.request.get('/api/search/shows?q=breaking%20bad');
  const show = ((await found.json()) as { data: { id: number; title: string }[] }).data.find(
    (s) => s.title === 'Breaking Bad',
  )!;
  const list = await page.request.get(`/api/episodes/show/${show.id}`);
  const eps = (
    (await list.json()) as { data: { id: number; seasonNumber: number; episodeNumber: number }[] }
  ).data;
  const pilot = eps.find((e) => e.seasonNumber === 1 && e.episodeNumber === 1)!;
  await page.goto(`/episode/${pilot.id}`);
  await page.getByRole('button', { name: 'Mark as Watched' }).click();
  await expect(page.getByTestId('play-count')).toHaveText('Watched once');

  // Settings → Apps & devices: the Jellyfin URL, nothing received yet.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Open Apps & devices' }).click();
  await expect(page).toHaveURL(/\/settings\/apps$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Apps & devices' })).toBeVisible();
  await expect(page.getByText('Nothing received yet')).toBeVisible();
  const url = await page.getByRole('textbox', { name: 'Jellyfin webhook URL' }).inputValue();
  expect(url).toMatch(/\/api\/scrobble\/[\w-]+\/jellyfin$/);

  // Jellyfin posts PlaybackStop of S1E2 at 96 %.
  const sent = await request.post(url, { data: jellyfinStop });
  expect(sent.status()).toBe(200);
  expect(await sent.json()).toMatchObject({ outcome: 'marked' });
  // Delivered again: a no-op.
  const again = await request.post(url, { data: jellyfinStop });
  expect(await again.json()).toMatchObject({ outcome: 'duplicate' });

  await page.getByRole('button', { name: 'Refresh' }).click();
  const events = page.getByRole('list', { name: 'Last events from your media servers' });
  await expect(events.getByRole('listitem')).toHaveCount(2);
  await expect(events.getByRole('listitem').nth(1)).toContainText('Marked watched');
  await expect(events.getByRole('listitem').nth(1)).toContainText('Breaking Bad S1E2');
  await expect(events.getByRole('listitem').first()).toContainText('Already recorded');

  // Up Next now offers S1E3.
  await page.goto('/');
  await expect(
    page.getByRole('button', { name: /^Mark S0?1E0?3 of Breaking Bad as watched$/ }),
  ).toBeVisible();
  const episode2 = eps.find((e) => e.seasonNumber === 1 && e.episodeNumber === 2)!;
  await page.goto(`/episode/${episode2.id}`);
  await expect(page.getByTestId('play-count')).toHaveText('Watched once');

  // An API token, shown once, works as a bearer token and stops working when revoked.
  await page.goto('/settings/apps');
  await page.getByLabel('Token name').fill('Kodi script');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(
    page.getByText('Copy your new token now: it will not be shown again.'),
  ).toBeVisible();
  const token = await page.getByRole('textbox', { name: 'Token “Kodi script”' }).inputValue();
  expect(token).toMatch(/^st_/);
  const me = await request.get('/api/me/up-next', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(me.status()).toBe(200);
  await page.getByRole('button', { name: 'I have copied it' }).click();
  await expect(page.getByRole('textbox', { name: 'Token “Kodi script”' })).toHaveCount(0);
  const tokens = page.getByRole('list', { name: 'Your API tokens' });
  await expect(tokens.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Revoke token Kodi script' }).click();
  await expect(page.getByText('No API tokens yet')).toBeVisible();
  const revoked = await request.get('/api/me/up-next', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(revoked.status()).toBe(401);
});
