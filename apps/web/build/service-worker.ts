import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const template = fileURLToPath(new URL('./sw-template.js', import.meta.url));

async function filesUnder(dir: string, base = dir): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(full, base)));
    else out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

/**
 * Writes dist/sw.js (ADR 162, ADR 185): build/sw-template.js with the files to keep offline
 * and a version made from their fingerprinted names, so a new build installs a new cache and
 * drops the old one. `SHELL` is what every page needs to start (index.html, the entry chunk and
 * what it imports statically, the stylesheet, the manifest and icons): the worker's install
 * caches only these. `LAZY` is everything else (each screen's chunks, source maps left out):
 * the worker caches them as pages load them, and the rest once the page is idle.
 */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'series-tracker:service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const shellFiles = new Set<string>(['index.html']);
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        shellFiles.add(file.fileName);
        for (const name of file.imports) shellFiles.add(name);
        for (const name of file.viteMetadata?.importedCss ?? []) shellFiles.add(name);
      }
      const publicFiles = publicDir ? await filesUnder(publicDir) : [];
      for (const name of publicFiles) shellFiles.add(name);
      const all = [...Object.keys(bundle), ...publicFiles].filter(
        (name) => !name.endsWith('.map') && name !== 'sw.js',
      );
      // The shell every page load falls back to, whether or not the HTML step ran yet.
      const shell = [...shellFiles].map((name) => `/${name}`).sort();
      const lazy = [...new Set(all.filter((name) => !shellFiles.has(name)))]
        .map((name) => `/${name}`)
        .sort();
      const source = await fs.readFile(template, 'utf8');
      const version = createHash('sha256')
        .update(shell.join('\n'))
        .update(lazy.join('\n'))
        .update(source)
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: [
          `const VERSION = ${JSON.stringify(version)};`,
          `const SHELL = ${JSON.stringify(shell)};`,
          `const LAZY = ${JSON.stringify(lazy)};`,
          source,
        ].join('\n'),
      });
    },
  };
}
