// Compiles the API server into one ES module (apps/api/dist/server.js) for production:
// our code and the contracts package are bundled, every npm package stays an import.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: { server: path.join(apiDir, 'src/server.ts') },
  outdir: path.join(apiDir, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'npm-packages-external',
      setup(b) {
        // Bare imports are npm packages (resolved at run time), except our own workspace
        // package, which ships TypeScript sources and so is compiled in.
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@series-tracker/')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
});
