import { describe, expect, it } from 'vitest';
import { packageOf } from './one-copy-each';

describe('packageOf', () => {
  it('names the nearest package of a module, scoped or not, and where it lies', () => {
    expect(
      packageOf('/x/node_modules/react-intl/node_modules/intl-messageformat/index.js'),
    ).toEqual({
      name: 'intl-messageformat',
      dir: '/x/node_modules/react-intl/node_modules/intl-messageformat',
    });
    expect(packageOf('C:\\x\\node_modules\\@formatjs\\intl\\index.js')).toEqual({
      name: '@formatjs/intl',
      dir: 'C:/x/node_modules/@formatjs/intl',
    });
  });

  it('leaves the app’s own modules alone', () => {
    expect(packageOf('/x/apps/web/src/main.tsx')).toBeNull();
    expect(packageOf('\0vite/preload-helper.js')).toBeNull();
  });
});
