/**
 * What the screenshot scripts (`*-screenshots.ts`, `*-screens.ts`, `screenshots.ts`) share:
 * the two devices, the command line (--out, --port), the site and browser they run, signed-in
 * pages, waiting for a screen to settle, and `shooter` — a screenshot to the output folder
 * followed by the script's check (axe, and whether the page scrolls sideways) as one report line.
 * Each script keeps its own report style and whether a finding fails it (ADR 184).
 */
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import type { Result as AxeViolation } from 'axe-core';
import { TOKEN_STORAGE_KEY, type AuthResponse } from '@series-tracker/contracts';
import type { TestOpenIdProvider } from '../../apps/api/test/oidc-provider';
import {
  chromiumFlags,
  chromiumPath,
  freePort,
  registerMember,
  repoRoot,
  startServer,
  type RunningServer,
} from './server';

export interface Device {
  name: string;
  viewport: { width: number; height: number };
}

/** Desktop 1280×800 and phone 360×740, the sizes every screenshot is taken at. */
export const devices: readonly Device[] = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 360, height: 740 } },
];

/** The same two devices named by their width (the files of some scripts say 1280 and 360). */
export const widths: readonly Device[] = devices.map((d) => ({
  ...d,
  name: String(d.viewport.width),
}));

/** A command-line option's value: `--name value` or `--name=value`. */
export function arg(name: string): string | undefined {
  const args = process.argv.slice(2);
  const i = args.indexOf(name);
  if (i >= 0) return args[i + 1];
  return args.find((a) => a.startsWith(`${name}=`))?.slice(name.length + 1);
}

/** The output folder, created: --out DIR, else `fallback` (relative to the repository). */
export function outputDir(fallback: string): string {
  const out = arg('--out');
  const dir = out ? path.resolve(out) : path.resolve(repoRoot, fallback);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** The site's port: --port N, a bare number (the older usage of some scripts), `fallback`, or a free one. */
export async function port(fallback?: number | string): Promise<number> {
  const bare = process.argv.slice(2).find((a) => /^\d+$/.test(a));
  const chosen = arg('--port') ?? bare ?? fallback;
  return chosen === undefined ? freePort() : Number(chosen);
}

/** Chromium as the checks run it (the machine's build where there is one). */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

export interface SiteOptions {
  /** The port when neither --port nor a bare number is given (default: a free one). */
  port?: number | string;
  /** More environment for the server. */
  env?: Record<string, string>;
  /** Runs last, however the run ends (a stand-in to close, a folder to remove). */
  cleanUp?: () => unknown;
}

/** The production server and a browser; both are closed when `body` settles, however it settles. */
export async function withSite<T>(
  options: SiteOptions,
  body: (server: RunningServer, browser: Browser) => Promise<T>,
): Promise<T> {
  try {
    const server = await startServer(await port(options.port), options.env ?? {});
    try {
      const browser = await launch();
      try {
        return await body(server, browser);
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await options.cleanUp?.();
  }
}

/** Signs `target` in as the holder of `token` before any of its pages' scripts run. */
export async function signIn(target: BrowserContext | Page, token: string): Promise<void> {
  await target.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    TOKEN_STORAGE_KEY,
    token,
  ] as const);
}

/** A new page of `context`, signed in when there is a token. */
export async function newPage(context: BrowserContext, token?: string): Promise<Page> {
  const page = await context.newPage();
  if (token) await signIn(page, token);
  return page;
}

/** A page in a context of its own at the device's size (close it with `page.context()`). */
export async function open(
  browser: Browser,
  device: Pick<Device, 'viewport'>,
  token?: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ viewport: device.viewport, ...options });
  if (token) await signIn(context, token);
  return context.newPage();
}

/** The usual skeletons of a screen still loading. */
export const SKELETONS = '[data-testid="skeleton"], [data-testid$="-skeleton"]';

/** Waits for the network to go quiet (and `gone` to leave the page), then `ms` more. */
export async function settle(page: Page, ms = 400, gone?: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (gone)
    await page
      .waitForFunction((selector) => !document.querySelector(selector), gone)
      .catch(() => undefined);
  await page.waitForTimeout(ms);
}

/** How many pixels the page sticks out sideways (0: it does not scroll sideways). */
export function sideways(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** WCAG 2.x A and AA, plus axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeOptions {
  /** axe tags (default AXE_TAGS); null: every rule axe runs by default. */
  tags?: readonly string[] | null;
  /** WCAG 2.5.8's 24 px targets, off in axe by default. */
  targetSize?: boolean;
  /** Check only this part of the page. */
  include?: string;
}

export async function axe(page: Page, options: AxeOptions = {}): Promise<AxeViolation[]> {
  let builder = new AxeBuilder({ page });
  const tags = options.tags === undefined ? AXE_TAGS : options.tags;
  if (tags) builder = builder.withTags([...tags]);
  if (options.targetSize)
    builder = builder.options({ rules: { 'target-size': { enabled: true } } });
  if (options.include) builder = builder.include(options.include);
  return (await builder.analyze()).violations;
}

export const isSerious = (v: AxeViolation) => v.impact === 'serious' || v.impact === 'critical';

/** How a report line names a finding. */
export const finding = {
  /** `serious color-contrast (3)` */
  impact: (v: AxeViolation) => `${v.impact} ${v.id} (${v.nodes.length})`,
  /** `serious color-contrast (3): .card > a` — the first place. */
  firstTarget: (v: AxeViolation) =>
    `${v.impact} ${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`,
  /** `serious color-contrast (.card > a; .footer)` — every place. */
  targets: (v: AxeViolation) =>
    `${v.impact} ${v.id} (${v.nodes.map((n) => n.target.join(' ')).join('; ')})`,
  /** `color-contrast (serious, 3)` */
  id: (v: AxeViolation) => `${v.id} (${v.impact}, ${v.nodes.length})`,
};

export interface ReportStyle extends AxeOptions {
  finding?: (v: AxeViolation) => string;
  /** The line's text without findings (default `clean`). */
  clean?: string;
  /** Before the name (`axe `). */
  prefix?: string;
  /**
   * The sideways check: `flag` adds `, SIDEWAYS SCROLL`; `pixels` adds `; Npx sideways
   * overflow`; `pixels-or-none` also says `; no sideways scroll`. Unset: not checked.
   */
  sideways?: 'flag' | 'pixels' | 'pixels-or-none';
  /** A serious or critical finding, or sideways scroll, fails the script (exit status 1). */
  strict?: boolean;
}

/**
 * The account screens' style (registration, single sign-on, two-factor): every axe rule with
 * 24 px targets, findings by rule; a serious finding or sideways scroll fails the script.
 */
export const strict: ReportStyle = {
  tags: null,
  targetSize: true,
  finding: finding.id,
  sideways: 'pixels',
  strict: true,
};

/** The checks' lines, printed at the end; a strict report sets the exit status. */
export class Report {
  readonly lines: string[] = [];
  failed = false;

  constructor(private readonly style: ReportStyle = {}) {}

  push(line: string): void {
    this.lines.push(line);
  }

  /** axe (and the sideways check, when the style has one) on the page as it is: one line. */
  async check(page: Page, name: string): Promise<void> {
    const { style } = this;
    const violations = await axe(page, style);
    const wide = style.sideways ? await sideways(page) : 0;
    if (style.strict && (wide > 0 || violations.some(isSerious))) this.failed = true;
    const found = violations.map(style.finding ?? finding.impact);
    let line = `${style.prefix ?? ''}${name}: ${found.length ? found.join(', ') : (style.clean ?? 'clean')}`;
    if (style.sideways === 'flag' && wide > 0) line += ', SIDEWAYS SCROLL';
    if (style.sideways && style.sideways !== 'flag' && wide > 0)
      line += `; ${wide}px sideways overflow`;
    if (style.sideways === 'pixels-or-none' && wide <= 0) line += '; no sideways scroll';
    this.lines.push(line);
  }

  print(): void {
    console.log(this.lines.join('\n'));
    if (this.failed) process.exitCode = 1;
  }
}

export interface ShooterOptions {
  dir: string;
  /** Its name ends every file's name (`home-phone.png`). */
  device?: Device;
  /** Checks each shot; with `desktopOnly`, only the desktop's (its line names the screen alone). */
  report?: Report;
  desktopOnly?: boolean;
  fullPage?: boolean;
  /** Print each file's path (relative to the repository). */
  log?: boolean;
  /** Readies the page for each shot (`label`: the file's name without .png). */
  before?: (page: Page, label: string) => Promise<void>;
}

/** `shoot(page, name, fullPage?)`: a screenshot to `dir`, then the report's check on it. */
export function shooter(options: ShooterOptions) {
  const { dir, device, report } = options;
  return async (page: Page, name: string, fullPage = options.fullPage ?? false) => {
    const label = device ? `${name}-${device.name}` : name;
    await options.before?.(page, label);
    const file = path.join(dir, `${label}.png`);
    await page.screenshot({ path: file, fullPage });
    if (options.log) console.log(path.relative(repoRoot, file));
    if (!report) return;
    if (!options.desktopOnly) await report.check(page, label);
    else if (device?.name === 'desktop') await report.check(page, name);
  };
}

/**
 * One region of the page alone, its screenshot to `file`: the sticky site header, which would
 * cover its top, is taken out of the way for the shot.
 */
export async function shootRegion(page: Page, region: string, file: string): Promise<void> {
  await page.evaluate(() =>
    document.querySelector('header')?.style.setProperty('position', 'static'),
  );
  const section = page.getByRole('region', { name: region });
  await section.scrollIntoViewIfNeeded();
  await section.screenshot({ path: file });
  await page.evaluate(() => document.querySelector('header')?.style.removeProperty('position'));
}

/** A site's single sign-on through `op`, the test OpenID Provider, named Test ID (ADR 174). */
export function oidcEnv(op: TestOpenIdProvider): Record<string, string> {
  return {
    OIDC_ISSUER: op.issuer,
    OIDC_CLIENT_ID: op.clientId,
    OIDC_CLIENT_SECRET: op.clientSecret,
    OIDC_PROVIDER_NAME: 'Test ID',
    CATALOG_AUTO_IMPORT: 'off',
  };
}

/** Signs in on the test provider's own page (every account there has the same password). */
export async function signInAtProvider(page: Page, username: string): Promise<void> {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill('provider password');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The pointer rests where the last click was: moved away, no hover colours in the shot. */
export async function still(page: Page, ms = 400): Promise<void> {
  await page.waitForTimeout(ms);
  await page.mouse.move(0, 0);
}

/** This run's suffix for names and addresses (each run starts on an empty database). */
export const runId = Date.now().toString(36);

/** Registers `<name>_<runId>` (its address at example.test), with the scripts' usual password. */
export function join(
  server: Pick<RunningServer, 'origin' | 'outboxDir'>,
  name: string,
  displayName?: string,
  password = 'watching-all-night',
): Promise<AuthResponse> {
  return registerMember(server, {
    username: `${name}_${runId}`,
    email: `${name}_${runId}@example.test`,
    password,
    ...(displayName ? { displayName } : {}),
  });
}

/**
 * An empty site's first account is created at once, as its administrator (ADR 173): taken by an
 * operator before the members register the usual way.
 */
export async function takeFirstAccount(
  server: Pick<RunningServer, 'origin' | 'outboxDir'>,
): Promise<void> {
  await registerMember(server, {
    username: 'site_operator',
    email: 'operator@example.test',
    password: 'operator of this site',
  });
}

/** Runs a script's main: an error is printed and ends the process with status 1. */
export function run(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
