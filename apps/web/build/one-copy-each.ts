import type { Plugin } from 'vite';

/** `…/node_modules/react-intl/node_modules/intl-messageformat/index.js` → its package and folder. */
export function packageOf(moduleId: string): { name: string; dir: string } | null {
  const normalised = moduleId.replace(/\\/g, '/');
  const at = normalised.lastIndexOf('/node_modules/');
  if (at === -1) return null;
  const rest = normalised.slice(at + '/node_modules/'.length).split('/');
  const name = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  if (!name) return null;
  return { name, dir: `${normalised.slice(0, at)}/node_modules/${name}` };
}

/**
 * Fails the build when the bundle holds two copies of one package (issue 32): npm nests a copy
 * under each dependent when another version holds the root (lighthouse's intl-messageformat
 * did, so react-intl's formatter shipped twice). The fix is to pin the version the app uses at
 * the root (package.json), so npm shares one.
 */
export function oneCopyEach(): Plugin {
  return {
    name: 'series-tracker:one-copy-each',
    apply: 'build',
    generateBundle(_options, bundle) {
      const dirs = new Map<string, Set<string>>();
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of file.moduleIds) {
          const found = packageOf(id);
          if (!found) continue;
          const seen = dirs.get(found.name) ?? new Set<string>();
          seen.add(found.dir);
          dirs.set(found.name, seen);
        }
      }
      const twice = [...dirs].filter(([, seen]) => seen.size > 1);
      if (twice.length > 0)
        this.error(
          `More than one copy of a package in the bundle: ${twice
            .map(([name, seen]) => `${name} (${[...seen].join(', ')})`)
            .join('; ')}. Pin the version the app uses in the root package.json.`,
        );
    },
  };
}
