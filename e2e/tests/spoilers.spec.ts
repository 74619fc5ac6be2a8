import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { registerViaUi } from './helpers';

const hiddenSummary = "Summary hidden — you haven't watched this yet";

async function gameOfThrones(page: Page) {
  const response = await page.request.get('/api/search/shows?q=game%20of%20thrones');
  const body = (await response.json()) as { data: { id: number; title: string }[] };
  const show = body.data.find((s) => s.title === 'Game of Thrones');
  expect(show, 'Game of Thrones is in the bundled catalogue').toBeTruthy();
  // Signed out, the API hides nothing: the real titles to look for.
  const episodes = (
    await (await page.request.get(`/api/episodes/show/${show!.id}?season=1`)).json()
  ).data as { id: number; episodeNumber: number; title: string }[];
  const title = (n: number) => episodes.find((e) => e.episodeNumber === n)!.title;
  return { id: show!.id, e2: title(2), e3: title(3), e2Id: episodes[1]!.id };
}

async function axeClean(page: Page) {
  const r = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(r.violations.map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
}

test('spoiler protection: an unwatched episode is hidden until revealed or watched; the setting shows all', async ({
  page,
}, testInfo) => {
  // Three screens at two widths with axe: longer than a plain journey on this shared machine.
  test.setTimeout(120_000);
  await registerViaUi(page);
  const got = await gameOfThrones(page);

  await page.goto(`/show/${got.id}?tab=episodes`);
  await expect(page.getByRole('heading', { level: 1, name: 'Game of Thrones' })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  await panel.getByRole('button', { name: 'Mark S1E1 as watched' }).click();
  await expect(panel.getByRole('button', { name: 'Mark S1E1 as unwatched' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Episode 2 is hidden: its number, a neutral still and the summary notice.
  const e2 = panel.getByRole('link', { name: 'Episode 2', exact: true });
  await expect(e2).toBeVisible();
  await expect(panel.getByText(got.e2)).toHaveCount(0);
  await expect(panel.getByText(hiddenSummary).first()).toBeVisible();
  await axeClean(page);
  for (const [name, width] of [
    ['desktop', 1280],
    ['phone', 360],
  ] as const) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await e2.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`show-hidden-${name}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Reveal (once): the title shows; then marking it watched keeps it shown, after a reload too.
  await panel.getByRole('button', { name: 'Reveal S1E2' }).click();
  await expect(panel.getByRole('link', { name: got.e2 })).toBeVisible();
  await panel.getByRole('button', { name: 'Mark S1E2 as watched' }).click();
  await expect(panel.getByRole('button', { name: 'Mark S1E2 as unwatched' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: got.e2 })).toBeVisible();
  await expect(
    page.getByRole('tabpanel').getByRole('link', { name: 'Episode 3', exact: true }),
  ).toBeVisible();

  // The episode page of the next one hides it too.
  await page.getByRole('tabpanel').getByRole('link', { name: 'Episode 3', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Episode 3' })).toBeVisible();
  await expect(page.getByText(hiddenSummary)).toBeVisible();
  await axeClean(page);
  for (const [name, width] of [
    ['desktop', 1280],
    ['phone', 360],
  ] as const) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await page.screenshot({ path: testInfo.outputPath(`episode-hidden-${name}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Settings → Spoilers off: everything shows.
  await page.goto('/settings#spoilers-heading');
  const box = page.getByRole('checkbox', { name: 'Hide spoilers' });
  await expect(box).toBeChecked();
  await box.scrollIntoViewIfNeeded();
  await axeClean(page);
  for (const [name, width] of [
    ['desktop', 1280],
    ['phone', 360],
  ] as const) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await box.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`settings-spoilers-${name}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await box.uncheck();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.goto(`/show/${got.id}?tab=episodes`);
  await expect(page.getByRole('tabpanel').getByRole('link', { name: got.e3 })).toBeVisible();
  await expect(page.getByText(hiddenSummary)).toHaveCount(0);
});
