import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|wasm)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside every text asset
 * of the build under `assets/`, where Vite puts the content-hashed files, and index.html. The API server
 * serves them as they are (`@fastify/static` with `preCompressed`), so nothing is compressed
 * per request and the slowest, smallest setting is affordable: it runs once per build.
 * Source maps are left alone: only developer tools fetch them.
 */
export function precompress({ dir = 'assets' }: { dir?: string } = {}): Plugin {
  let outDir = '';
  return {
    name: 'series-tracker:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      // index.html too (small, but sent on every first load).
      const files = Object.keys(bundle).filter(
        (name) => (name.startsWith(`${dir}/`) || name === 'index.html') && COMPRESSIBLE.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await fs.readFile(file);
          if (source.byteLength < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.byteLength,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
