import { expect, test, type Page } from '@playwright/test';
import { registerViaUi } from './helpers';

/*
 * Issue 32's new-user audit (ADR 176), at 360 px: tap targets of at least 24 × 24 px or
 * spaced as WCAG 2.2 (2.5.8) allows, no sideways scroll on search, the "Welcome" of a new
 * member, tabs kept in the URL.
 */

const phone = { width: 360, height: 740 };

// Registration, several screens and a loaded shared machine.
test.describe.configure({ timeout: 120_000 });

interface Small {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible interactive element smaller than 24 × 24 px whose 24 px circle (centred on
 * it) touches another target or another small target's circle: WCAG 2.2 2.5.8's test. Links
 * inside a sentence are the criterion's inline exception and are left out.
 */
async function crampedTargets(page: Page): Promise<Small[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [tabindex]:not([tabindex="-1"])';
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        !el.closest('[aria-hidden=true], .sr-only, [hidden]')
      );
    };
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const block = el.parentElement?.closest('p, li, dd, td');
      if (!block) return false;
      const own = Array.from(block.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      return own.length > 0;
    };
    const targets = Array.from(document.querySelectorAll(selector)).filter(visible);
    const boxes = targets.map((el) => ({ el, box: el.getBoundingClientRect() }));
    const centre = (b: DOMRect) => ({ x: b.left + b.width / 2, y: b.top + b.height / 2 });
    const distanceToBox = (p: { x: number; y: number }, b: DOMRect) => {
      const dx = Math.max(b.left - p.x, 0, p.x - b.right);
      const dy = Math.max(b.top - p.y, 0, p.y - b.bottom);
      return Math.hypot(dx, dy);
    };
    const small = boxes.filter(
      ({ el, box }) => (box.width < 23.5 || box.height < 23.5) && !inSentence(el),
    );
    const out: { what: string; width: number; height: number }[] = [];
    for (const s of small) {
      const c = centre(s.box);
      const clash = boxes.some((o) => {
        if (o.el === s.el || o.el.contains(s.el) || s.el.contains(o.el)) return false;
        if (distanceToBox(c, o.box) < 12) return true;
        const otherSmall = small.some((x) => x.el === o.el);
        if (!otherSmall) return false;
        const oc = centre(o.box);
        return Math.hypot(c.x - oc.x, c.y - oc.y) < 24;
      });
      if (clash)
        out.push({
          what: `${s.el.tagName.toLowerCase()} "${(s.el.textContent || s.el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
          width: Math.round(s.box.width),
          height: Math.round(s.box.height),
        });
    }
    return out;
  });
}

async function noSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, 'page width at 360 px').toBeLessThanOrEqual(360);
}

test('tap targets at 360 px: footer, profile counters, settings, calendar Subscribe', async ({
  page,
}) => {
  await page.setViewportSize(phone);
  const user = await registerViaUi(page);

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  expect(await crampedTargets(page), 'about page and footer').toEqual([]);

  await page.goto(`/profile/${user.username}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Followers', { exact: true })).toBeVisible();
  expect(await crampedTargets(page), 'profile').toEqual([]);

  await page.goto('/settings');
  await expect(page.getByRole('navigation', { name: 'Settings sections' })).toBeVisible();
  expect(await crampedTargets(page), 'settings').toEqual([]);

  await page.goto('/settings/apps');
  await expect(page.getByRole('link', { name: '← Settings' })).toBeVisible();
  expect(await crampedTargets(page), 'apps & devices').toEqual([]);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await crampedTargets(page), 'calendar').toEqual([]);
  await noSidewaysScroll(page);
});

test('search at 360 px: long titles never widen the page', async ({ page }) => {
  await page.setViewportSize(phone);
  for (const q of ['friends', '進撃']) {
    await page.goto(`/search?q=${encodeURIComponent(q)}`);
    await expect(page.getByText(/\d+ shows?$/)).toBeVisible({ timeout: 20_000 });
    await noSidewaysScroll(page);
  }
  await page.goto('/search?q=friends&tab=users');
  await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
  await noSidewaysScroll(page);
});
