import type { Plugin } from 'vite';

/** Inlined only while small: about one TCP window compressed (Tailwind's output here is 66 kB raw). */
const MAX_INLINE_BYTES = 100_000;

/**
 * Puts the app's stylesheet inside index.html instead of linking it: the page paints (the
 * header shell, see index.html) as soon as the HTML arrives, without a second round trip that
 * shares the first moments of bandwidth with the scripts. index.html is revalidated with its
 * ETag on every load (no-cache), so an unchanged page still costs only a 304.
 */
export function inlineCss(): Plugin {
  return {
    name: 'series-tracker:inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset' || typeof html.source !== 'string') return;
      let page = html.source;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const css =
          typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString();
        if (css.length > MAX_INLINE_BYTES) continue;
        const link = new RegExp(
          `<link rel="stylesheet"[^>]*href="/${file.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
        );
        if (!link.test(page)) continue;
        page = page.replace(link, () => `<style>${css}</style>`);
      }
      html.source = page;
    },
  };
}
