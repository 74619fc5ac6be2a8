/**
 * tsx e2e/check-web/trace-tasks.ts /path — the long main-thread tasks of one page's first load
 * (mobile viewport, CPU ×4 like Lighthouse's mobile preset), each with what it spent its time
 * on. Needs `npm run build` first.
 */
import { withMobilePage } from './mobile-page';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; functionName?: string } };
}

const path = process.argv[2] ?? '/';
await withMobilePage(async ({ server, browser, page }) => {
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await page.goto(server.origin + path, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const buffer = await browser.stopTracing();
  const events = (JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  // The page's main thread: the renderer main thread that spent the most time in tasks.
  const busy = new Map<string, number>();
  for (const e of events)
    if (e.name === 'RunTask')
      busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const mains = events
    .filter(
      (e) => e.name === 'thread_name' && (e.args as { name?: string })?.name === 'CrRendererMain',
    )
    .map((e) => `${e.pid}:${e.tid}`);
  const main = mains.sort((a, b) => (busy.get(b) ?? 0) - (busy.get(a) ?? 0))[0];
  const onMain = (e: TraceEvent) => `${e.pid}:${e.tid}` === main;
  const navStart =
    events.filter((e) => e.name === 'navigationStart' && onMain(e)).at(-1)?.ts ?? events[0]!.ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts >= navStart);
  const lcp = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').at(-1);
  console.log(
    'FCP at',
    fcp ? Math.round((fcp.ts - navStart) / 1000) : '?',
    'ms; LCP at',
    lcp ? Math.round((lcp.ts - navStart) / 1000) : '?',
    'ms',
  );
  const mainEvents = events.filter((e) => onMain(e) && e.ph === 'X');
  const tasks = mainEvents.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inner = mainEvents.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
    const by = new Map<string, number>();
    for (const e of inner) {
      if (['ThreadControllerImpl::RunTask', 'RunTask'].includes(e.name)) continue;
      const where = e.args?.data?.url ? ` ${e.args.data.url.replace(/.*\//, '')}` : '';
      const key = e.name + (e.name === 'FunctionCall' || e.name.includes('valuate') ? where : '');
      by.set(key, (by.get(key) ?? 0) + (e.dur ?? 0) / 1000);
    }
    blocking += task.dur! / 1000 - 50;
    console.log(
      `${String(Math.round((task.ts - navStart) / 1000)).padStart(6)} ms  ${String(Math.round(task.dur! / 1000)).padStart(4)} ms  ` +
        [...by]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([k, v]) => `${k} ${Math.round(v)}`)
          .join(', '),
    );
  }
  console.log('blocking (all long tasks, −50 ms each):', Math.round(blocking), 'ms');
});
