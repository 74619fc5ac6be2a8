import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { routePreloads } from './route-preloads';

const chunk = (fileName: string, imports: string[], extra: Record<string, unknown> = {}) => ({
  type: 'chunk' as const,
  fileName,
  imports,
  isEntry: false,
  facadeModuleId: null,
  ...extra,
});

describe('routePreloads (ADR 187)', () => {
  it("lists each screen's chunk and what it imports, less what the entry already preloads", () => {
    const bundle = {
      'index.js': chunk('assets/index.js', ['assets/framework.js', 'assets/kit.js'], {
        isEntry: true,
        facadeModuleId: '/repo/apps/web/src/main.tsx',
      }),
      'framework.js': chunk('assets/framework.js', []),
      'kit.js': chunk('assets/kit.js', ['assets/framework.js']),
      'home.js': chunk('assets/home.js', ['assets/kit.js', 'assets/hero.js'], {
        facadeModuleId: '/repo/apps/web/src/app/routes/home.tsx',
      }),
      'hero.js': chunk('assets/hero.js', ['assets/framework.js', 'assets/card.js']),
      'card.js': chunk('assets/card.js', ['assets/hero.js']),
      'dialog.js': chunk('assets/dialog.js', [], {
        facadeModuleId: '/repo/apps/web/src/components/ui/dialog.tsx',
      }),
    } as unknown as Rolldown.OutputBundle;
    expect(routePreloads(bundle)).toEqual({
      home: ['/assets/home.js', '/assets/hero.js', '/assets/card.js'],
    });
  });
});
