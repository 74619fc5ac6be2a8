import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** The file the server reads to preload a screen's code with the page (ADR 187). */
export const routePreloadsFile = 'route-preloads.json';

const routeModule = /[\\/]src[\\/]app[\\/]routes[\\/]([a-z0-9-]+)\.tsx$/;

/**
 * `{ screen: ['/assets/…js', …] }` for every screen module (src/app/routes/<screen>.tsx): its
 * chunk and the chunks it imports statically, less what the entry already preloads. The server
 * puts them in the page as modulepreload links, so a first visit fetches the screen's code
 * with the entry instead of one round trip after it has run.
 */
export function routePreloads(bundle: OutputBundle): Record<string, string[]> {
  const chunks = new Map(
    Object.values(bundle)
      .filter((file): file is OutputChunk => file.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  const preloaded = new Set(entry ? [entry.fileName, ...entry.imports] : []);
  const out: Record<string, string[]> = {};
  for (const chunk of chunks.values()) {
    const screen = routeModule.exec(chunk.facadeModuleId ?? '')?.[1];
    if (!screen || chunk.isEntry) continue;
    const files = new Set<string>();
    const visit = (name: string) => {
      if (files.has(name) || preloaded.has(name)) return;
      files.add(name);
      for (const next of chunks.get(name)?.imports ?? []) visit(next);
    };
    visit(chunk.fileName);
    out[screen] = [...files].map((name) => `/${name}`);
  }
  return out;
}

export function routePreloadsPlugin(): Plugin {
  return {
    name: 'series-tracker:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFile,
        source: `${JSON.stringify(routePreloads(bundle), null, 2)}\n`,
      });
    },
  };
}
