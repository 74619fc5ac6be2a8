import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Page } from '@playwright/test';
import type { Result as AxeViolation } from 'axe-core';
import { chromiumFlags, chromiumPath } from './server';

export interface Screen {
  name: string;
  path: string;
  /** Brings the page into a state worth checking beyond its first view. */
  prepare?: (page: Page) => Promise<void>;
}

export interface AxeOutcome {
  screen: Screen;
  signedIn: boolean;
  /** Violations by impact. */
  counts: Record<'critical' | 'serious' | 'moderate' | 'minor', number>;
  blocking: AxeViolation[];
}

/** WCAG 2.x A and AA, plus axe's best practices (landmarks, headings, …). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** Waits until the screen has its data: no request in flight, no skeleton, no spinner. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .waitForFunction(
      () =>
        !document.querySelector(
          '[data-testid="skeleton"], [data-testid$="-skeleton"], [data-testid$="-loading"], [role="status"][aria-label^="Loading"]',
        ) && !document.body.textContent?.includes('Loading...'),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

export async function runAxe(
  origin: string,
  screens: Screen[],
  token: string,
  log: (line: string) => void,
): Promise<AxeOutcome[]> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: chromiumFlags,
  });
  const outcomes: AxeOutcome[] = [];
  try {
    for (const signedIn of [false, true]) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      if (signedIn) {
        await context.addInitScript((value) => {
          window.localStorage.setItem('manga_tracker_token', value);
        }, token);
      }
      const page = await context.newPage();
      for (const screen of screens) {
        await page.goto(`${origin}${screen.path}`);
        await settle(page);
        if (screen.prepare) await screen.prepare(page);
        // axe ships target-size (WCAG 2.5.8, 24 px) switched off; issue 22 asks for it.
        const results = await new AxeBuilder({ page })
          .withTags(TAGS)
          .options({ rules: { 'target-size': { enabled: true } } })
          .analyze();
        const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
        for (const v of results.violations) {
          if (v.impact) counts[v.impact] += v.nodes.length;
        }
        const blocking = results.violations.filter(
          (v) => v.impact === 'serious' || v.impact === 'critical',
        );
        outcomes.push({ screen, signedIn, counts, blocking });
        log(
          `  axe ${screen.name} (${signedIn ? 'signed in' : 'signed out'}): ${counts.critical + counts.serious} serious/critical, ${counts.moderate + counts.minor} other`,
        );
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return outcomes;
}
