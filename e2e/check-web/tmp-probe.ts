import { chromium } from '@playwright/test';
import { chromiumFlags, chromiumPath, startServer } from './server';

async function main() {
  const server = await startServer(3903);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  try {
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    for (const q of process.argv.slice(2)) {
      await page.goto(`${server.origin}${q.startsWith("/") ? q : `/search?q=${encodeURIComponent(q)}`}`);
      await page.waitForTimeout(2500);
      const r = await page.evaluate(() => {
        const out: string[] = [];
        for (const el of Array.from(document.querySelectorAll('body *'))) {
          const b = el.getBoundingClientRect();
          if (b.right > 362 && b.width > 0) {
            if (el.children.length && Array.from(el.children).some((c) => c.getBoundingClientRect().right > 362)) continue;
            out.push(`${el.tagName}.${(el.getAttribute('class') ?? '').slice(0, 120)} r=${Math.round(b.right)} w=${Math.round(b.width)} text=${(el.textContent ?? '').slice(0, 60)}`);
          }
        }
        return { sw: document.documentElement.scrollWidth, out: out.slice(0, 15) };
      });
      console.log(q, r.sw, '\n' + r.out.join('\n'));
      await page.screenshot({ path: `/tmp/audit/probe-${q.replace(/[^a-z]/gi, "")}.png` });
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
void main();
