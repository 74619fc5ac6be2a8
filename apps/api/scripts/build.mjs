// Compiles the API server into one ES module (apps/api/dist/server.js) for production, and
// each operator CLI beside it (dist/admin.js, dist/catalog-import.js, dist/catalog-sync.js,
// dist/import-file.js, dist/demo-data.js): a container image or a test runs them with plain
// `node`, no TypeScript loader. Our code and the contracts package are bundled, every npm
// package stays an import. They sit at dist/ top level: config.ts finds the repository root
// three folders above the running file.
import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await build({
  entryPoints: {
    server: path.join(apiDir, 'src/server.ts'),
    admin: path.join(apiDir, 'src/cli/admin.ts'),
    'catalog-import': path.join(apiDir, 'src/cli/import-catalog.ts'),
    'catalog-sync': path.join(apiDir, 'src/cli/sync-catalog.ts'),
    'import-file': path.join(apiDir, 'src/cli/import-file.ts'),
    'demo-data': path.join(apiDir, 'src/cli/demo-data.ts'),
  },
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
