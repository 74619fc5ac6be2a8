/**
 * npm run check:web — Lighthouse and axe against the production build (issue 8 §9).
 *
 * Starts the real server (built SPA + API) on a throwaway SQLite file with the bundled
 * catalogue, registers a member with a small watchlist, then
 *  - runs Lighthouse 12 (default mobile profile, simulated throttling; performance and
 *    accessibility) on home, search, a show, an episode, reviews, lists and the watchlist (signed in). A page
 *    that misses 0.95 is run again, up to 3 runs, and its best run counts: simulated
 *    throttling is steady, but a 2-core machine shared with other work still flaps;
 *  - runs axe (WCAG 2.x A/AA and best practices) on every screen, signed out and signed in.
 * Prints the figures and exits 1 when a Lighthouse score is below 0.95 or axe finds a serious
 * or critical violation.
 *
 * Options: --only=lighthouse|axe, --pages=home,show (Lighthouse on these pages only), --port=N (default: a free port; or CHECK_WEB_PORT),
 * --performance=report (or CHECK_WEB_PERFORMANCE=report): print a performance score below
 * target without failing; accessibility and axe still fail the run. CI uses it: a timing on a
 * shared machine is measured, not asserted.
 * Needs `npm run build` first, and Chromium (CHROME_PATH, default /usr/bin/chromium).
 */
import type { Page } from '@playwright/test';
import { runAxe, type AxeOutcome, type Screen } from './axe';
import {
  LIGHTHOUSE_MAX_RUNS,
  LIGHTHOUSE_MIN,
  lighthousePasses,
  runLighthouse,
  type LighthouseResult,
} from './lighthouse';
import { freePort, seed, startServer } from './server';

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

const only = option('only');
const pagesOption = option('pages')?.split(',');
const portOption = option('port') ?? process.env.CHECK_WEB_PORT;
const performanceReportOnly =
  (option('performance') ?? process.env.CHECK_WEB_PERFORMANCE) === 'report';
const log = (line: string) => console.log(line);

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function printLighthouse(results: LighthouseResult[]) {
  console.log(
    `\nLighthouse 12, default mobile profile, simulated throttling (target ≥ ${LIGHTHOUSE_MIN}; best of up to ${LIGHTHOUSE_MAX_RUNS} runs, a page is re-run only while it misses)`,
  );
  console.log(
    table(
      [
        'page',
        'performance',
        'accessibility',
        'runs',
        'FCP',
        'LCP',
        'TBT',
        'CLS',
        'SI',
        'JS (sent)',
      ],
      results.map(({ page, runs, best }) => [
        `${page.name} ${page.path}`,
        best.performance.toFixed(2),
        best.accessibility.toFixed(2),
        String(runs.length),
        s(best.fcpMs),
        s(best.lcpMs),
        `${Math.round(best.tbtMs)} ms`,
        best.cls.toFixed(3),
        s(best.siMs),
        kB(best.scriptBytes),
      ]),
    ),
  );
  for (const { page, best } of results) {
    if (best.failedA11y.length) {
      console.log(`  ${page.name}: failed accessibility audits: ${best.failedA11y.join(', ')}`);
    }
    if (best.performance < LIGHTHOUSE_MIN && best.hints.length) {
      console.log(`  ${page.name}: biggest opportunities: ${best.hints.join(', ')}`);
    }
  }
}

function printAxe(outcomes: AxeOutcome[]) {
  console.log(
    '\naxe (WCAG 2.x A/AA + best practices, Chromium 1280×800): nodes per violation impact',
  );
  const names = [...new Set(outcomes.map((o) => o.screen.name))];
  const cell = (o: AxeOutcome | undefined) =>
    o ? `${o.counts.critical + o.counts.serious} / ${o.counts.moderate + o.counts.minor}` : 'n/a';
  console.log(
    table(
      ['screen', 'signed out: serious+critical / other', 'signed in: serious+critical / other'],
      names.map((name) => [
        name,
        cell(outcomes.find((o) => o.screen.name === name && !o.signedIn)),
        cell(outcomes.find((o) => o.screen.name === name && o.signedIn)),
      ]),
    ),
  );
  for (const o of outcomes) {
    for (const v of o.blocking) {
      console.log(
        `  ${o.screen.name} (${o.signedIn ? 'signed in' : 'signed out'}): ${v.impact} ${v.id}: ${v.help}`,
      );
      for (const node of v.nodes.slice(0, 3)) {
        console.log(`      ${node.target.join(' ')}: ${node.failureSummary?.split('\n')[1] ?? ''}`);
      }
    }
  }
}

/** The header search box with its suggestions open and the first one highlighted. */
async function openSuggestions(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search shows' }).first();
  await box.fill('breaking');
  await page.getByRole('option').first().waitFor();
  await box.press('ArrowDown');
}

/**
 * The show page's 'Add to list' menu open (members; a visitor's click asks them to sign in,
 * and whatever it opens is checked).
 */
async function openAddToList(page: Page) {
  await page
    .getByRole('button', { name: /Add to list|to a list$/ })
    .first()
    .click();
  await page
    .getByRole('menu')
    .or(page.getByRole('dialog'))
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

/** The episode page's 'Write Episode Review' modal (a visitor is sent to sign in instead). */
async function openEpisodeReviewForm(page: Page) {
  const write = page.getByRole('button', { name: /Write Episode Review|Edit Your Review/ });
  await write.first().waitFor();
  await write.first().click();
  await page
    .getByRole('dialog')
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForLoadState('networkidle');
}

async function main() {
  const started = Date.now();
  const port = portOption ? Number(portOption) : await freePort();
  log(`check:web: starting the production server on port ${port}`);
  const server = await startServer(port);
  let failed = false;
  try {
    const fixture = await seed(server);
    const showPath = `/show/${fixture.showId}`;
    const episodePath = `/episode/${fixture.episodeId}`;

    if (only !== 'axe') {
      const results = await runLighthouse(
        server.origin,
        [
          { name: 'home', path: '/' },
          { name: 'search', path: '/search?q=breaking' },
          { name: 'show', path: showPath },
          { name: 'episode', path: episodePath },
          { name: 'reviews', path: '/reviews' },
          { name: 'lists', path: '/lists' },
          { name: 'watchlist', path: '/watchlist', token: fixture.token },
        ].filter((page) => !pagesOption || pagesOption.includes(page.name)),
        log,
      );
      printLighthouse(results);
      if (performanceReportOnly) {
        // Accessibility is a property of the page; the performance score is a timing on a
        // shared machine, so CI reports it (figures in the table) and gates on the rest.
        const a11yMissed = results.filter((r) => r.best.accessibility < LIGHTHOUSE_MIN);
        if (a11yMissed.length) failed = true;
        const slow = results.filter((r) => r.best.performance < LIGHTHOUSE_MIN);
        if (slow.length)
          console.log(
            `Performance below ${LIGHTHOUSE_MIN} (reported, not failed: --performance=report): ${slow
              .map((r) => `${r.page.name} ${r.best.performance.toFixed(2)}`)
              .join(', ')}`,
          );
      } else if (!results.every(lighthousePasses)) failed = true;
    }

    if (only !== 'lighthouse') {
      const screens: Screen[] = [
        { name: 'home', path: '/' },
        { name: 'home + suggestions', path: '/', prepare: openSuggestions },
        { name: 'browse', path: '/browse' },
        { name: 'search', path: '/search?q=breaking' },
        { name: 'show', path: showPath },
        {
          name: 'show: episodes tab',
          path: showPath,
          prepare: async (page) => {
            await page.getByRole('tab', { name: 'Episodes' }).click();
            // One season at a time (the latest for a visitor, the next to watch for a member).
            await page.getByRole('combobox', { name: 'Season' }).waitFor();
            await page.getByRole('heading', { level: 2, name: /^Season \d+/ }).waitFor();
          },
        },
        { name: 'episode', path: episodePath },
        { name: 'today', path: '/today' },
        { name: 'watchlist', path: '/watchlist' },
        { name: 'login', path: '/login' },
        { name: 'register', path: '/register' },
        { name: 'about', path: '/about' },
        { name: 'help', path: '/help' },
        { name: 'privacy', path: '/privacy' },
        { name: 'terms', path: '/terms' },
        { name: 'not-found', path: '/no-such-page' },
        // Community and account screens, with the fixture's review, comment and list.
        {
          name: 'show: reviews tab',
          path: showPath,
          prepare: async (page) => {
            await page.getByRole('tab', { name: /^Reviews/ }).click();
            await page.getByText('Slow start, huge payoff').first().waitFor();
          },
        },
        { name: 'show: add to list', path: showPath, prepare: openAddToList },
        { name: 'episode: review form', path: episodePath, prepare: openEpisodeReviewForm },
        { name: 'reviews', path: '/reviews' },
        { name: 'review', path: `/review/${fixture.reviewId}` },
        { name: 'write review', path: '/reviews/write' },
        { name: 'lists', path: '/lists' },
        { name: 'list', path: `/list/${fixture.listId}` },
        { name: 'create list', path: '/lists/create' },
        { name: 'settings', path: '/settings' },
        { name: 'import / export', path: '/settings/import' },
        { name: 'forgot password', path: '/forgot-password' },
        { name: 'reset password', path: '/reset-password?token=not-a-real-token' },
        { name: 'verify email', path: '/verify-email?token=not-a-real-token' },
        // People, with the second member (reviewed, keeps a list, followed by the first).
        { name: 'profile', path: `/profile/${fixture.otherUsername}` },
        { name: 'followers', path: `/profile/${fixture.otherUsername}/followers` },
        { name: 'following', path: `/profile/${fixture.username}/following` },
        { name: 'activity', path: '/activity' },
        { name: 'compare', path: `/compare?users=${fixture.username},${fixture.otherUsername}` },
        { name: 'search: users', path: '/search?q=critic&tab=users' },
      ];
      const outcomes = await runAxe(server.origin, screens, fixture.token, log);
      printAxe(outcomes);
      if (outcomes.some((o) => o.blocking.length > 0)) failed = true;
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\ncheck:web ${failed ? 'FAILED' : 'passed'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
