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
 * Writes dist/sw.js (ADR 162): build/sw-template.js with the list of files to keep offline
 * (every file of the bundle and of public/, source maps left out) and a version made from
 * their fingerprinted names, so a new build installs a new cache and drops the old one.
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
      const files = [...Object.keys(bundle), ...(publicDir ? await filesUnder(publicDir) : [])]
        .filter((name) => !name.endsWith('.map') && name !== 'sw.js')
        .map((name) => `/${name}`);
      // The shell every page load falls back to, whether or not the HTML step ran yet.
      const precache = [...new Set([...files, '/index.html'])].sort();
      const source = await fs.readFile(template, 'utf8');
      const version = createHash('sha256')
        .update(precache.join('\n'))
        .update(source)
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: `const VERSION = ${JSON.stringify(version)};\nconst PRECACHE = ${JSON.stringify(precache)};\n${source}`,
      });
    },
  };
}
