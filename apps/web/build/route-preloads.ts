import fs from 'node:fs';
import type { Plugin } from 'vite';

/** A screen of the router: its path pattern (React Router's, '' for the home page) and module. */
export interface RouteScreen {
  path: string;
  /** The file under src/app/routes/ (without .tsx) whose chunk renders the screen. */
  module: string;
}

/** One row of route-preloads.json: the code a first visit to `path` needs beyond the entry. */
export interface RoutePreload {
  path: string;
  files: string[];
}

/**
 * The lazily loaded screens of `src/app/routes.tsx`: each `const X = lazy(() =>
 * import('./routes/name')…)` paired with the `{ path: '…', element: <X /> }` that shows it.
 * Screens built into the entry (not found) are left out: the entry carries them.
 */
export function parseRouteScreens(source: string): RouteScreen[] {
  const lazyModules = new Map<string, string>();
  for (const m of source.matchAll(
    /const (\w+) = lazy\(\(\) =>\s*import\('\.\/routes\/([\w-]+)'\)/g,
  )) {
    lazyModules.set(m[1]!, m[2]!);
  }
  const screens: RouteScreen[] = [];
  for (const m of source.matchAll(
    /\{\s*(?:index: true|path: '([^']*)'),\s*element:\s*<(\w+)\s*\/>\s*\}/g,
  )) {
    const module = lazyModules.get(m[2]!);
    if (module) screens.push({ path: m[1] ?? '', module });
  }
  return screens;
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/**
 * Writes `route-preloads.json` beside index.html: for every screen, the chunks its route
 * module needs (the module's own and its static imports, transitively) that the entry does
 * not already load. The API server puts them into the page as `<link rel="modulepreload">`
 * for that URL (plugins/spa-pages.ts), so a first visit fetches the screen's code together
 * with the entry instead of after it has run: one round trip and the entry's start-up time
 * less before the first paint of the screen (ADR 185).
 */
export function routePreloads({ routesFile }: { routesFile: string }): Plugin {
  return {
    name: 'series-tracker:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (c): c is typeof c & ChunkLike => c.type === 'chunk',
      );
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (start: ChunkLike) => {
        const seen = new Set<string>();
        const walk = (c: ChunkLike) => {
          if (seen.has(c.fileName)) return;
          seen.add(c.fileName);
          for (const f of c.imports) {
            const next = byFile.get(f);
            if (next) walk(next);
          }
        };
        walk(start);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return this.error('route-preloads: the build has no entry chunk');
      const onEntry = closure(entry);
      const byModule = new Map<string, ChunkLike>();
      for (const c of chunks) {
        const m = c.facadeModuleId?.match(/[\\/]src[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/);
        if (m) byModule.set(m[1]!, c);
      }
      const screens = parseRouteScreens(fs.readFileSync(routesFile, 'utf8'));
      if (screens.length === 0)
        return this.error(`route-preloads: no lazy screens in ${routesFile}`);
      const rows: RoutePreload[] = screens.map((screen) => {
        const chunk = byModule.get(screen.module);
        if (!chunk) {
          this.error(`route-preloads: no chunk for src/app/routes/${screen.module}.tsx`);
        }
        const files = [...closure(chunk)].filter((f) => !onEntry.has(f)).map((f) => `/${f}`);
        return { path: screen.path, files };
      });
      this.emitFile({
        type: 'asset',
        fileName: 'route-preloads.json',
        source: `${JSON.stringify(rows, null, 1)}\n`,
      });
    },
  };
}
